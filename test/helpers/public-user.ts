import type { PublicUser } from '@shared/schemas/auth';

/**
 * A signed-in user as GET /api/auth/session answers it, for the client's tests: a free, verified e-mail account
 * past its first check-in. Pass what the test depends on (a zone, a check-in time, a name).
 */
export function publicUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 'u1',
    email: 'mia@example.com',
    firstName: 'Mia',
    lastName: null,
    profileImageUrl: null,
    age: null,
    gender: null,
    provider: 'email',
    tier: 'free',
    timezone: 'UTC',
    checkInTime: '20:00',
    emailVerified: true,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    firstCheckInCompleted: true,
    premiumOfferUsed: false,
    isAdmin: false,
    devTools: false,
    ...overrides,
  };
}
