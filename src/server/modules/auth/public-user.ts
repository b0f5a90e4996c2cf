import type { AppConfig } from '@server/config';
import type { UserRow } from '@server/plugins/session';
import type { PublicUser } from '@shared/schemas/auth';

/** The user as the client may see it: public profile fields only, never a hash or a token. */
export function toPublicUser(row: UserRow, config: Pick<AppConfig, 'adminEmails' | 'devTools'>): PublicUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    age: row.age,
    gender: row.gender,
    provider: row.provider,
    tier: row.tier,
    timezone: row.timezone,
    checkInTime: row.checkInTime,
    emailVerified: row.emailVerifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    firstCheckInCompleted: row.firstCheckInCompleted,
    premiumOfferUsed: row.premiumOfferUsed,
    isAdmin: config.adminEmails.includes(row.email.toLowerCase()),
    devTools: config.devTools,
  };
}
