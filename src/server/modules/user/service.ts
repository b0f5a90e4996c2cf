import { inTx, type ServiceContext } from '@server/context';
import { unauthorized } from '@server/errors';
import type { UserRow } from '@server/plugins/session';
import type { ProfileUpdate } from '@shared/schemas/account';
import * as repo from './repo';
import { onTimezoneChanged } from '../streaks/service';
import { rescheduleReminders } from '../notifications/service';

/** Stores the user's IANA timezone (already validated); every "today" is computed in it. */
export async function updateTimezone(ctx: ServiceContext, user: UserRow, timezone: string): Promise<UserRow> {
  if (user.timezone === timezone) return user;
  // One transaction: the zone, the streak's next rollover and the reminders move together, or not at all.
  return inTx(ctx, async (tx) => {
    const updated = await repo.setTimezone(tx.db, user.id, timezone, tx.now());
    if (!updated) throw unauthorized('Unauthorized');
    // The next day rollover is due at the new zone's midnight; settled dates stay where they are.
    await onTimezoneChanged(tx, user.id);
    // Reminders come at the check-in time of the new zone (decision 021).
    await rescheduleReminders(tx, user.id);
    return updated;
  });
}

/**
 * PATCH /api/user/profile: name (trimmed, non-empty), age (13–100) and/or gender, validated by the shared schema.
 * An age under 13 never reaches this point (400): the client's under-13 notice then deletes the account.
 */
export async function updateProfile(ctx: ServiceContext, user: UserRow, fields: ProfileUpdate): Promise<UserRow> {
  const patch: Parameters<typeof repo.updateProfile>[2] = {};
  if (fields.firstName !== undefined) patch.firstName = fields.firstName;
  if (fields.age !== undefined) patch.age = fields.age;
  if (fields.gender !== undefined) patch.gender = fields.gender;
  const updated = await repo.updateProfile(ctx.db, user.id, patch, ctx.now());
  if (!updated) throw unauthorized('Unauthorized');
  return updated;
}
