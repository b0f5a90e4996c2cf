import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../errors';
import type { UserRow } from '../../plugins/session';
import * as repo from './repo';
import { onTimezoneChanged } from '../streaks/service';

/** Stores the user's IANA timezone (already validated); every "today" is computed in it. */
export async function updateTimezone(app: FastifyInstance, user: UserRow, timezone: string): Promise<UserRow> {
  if (user.timezone === timezone) return user;
  const updated = await repo.setTimezone(app.db, user.id, timezone, app.clock.now());
  if (!updated) throw unauthorized('Unauthorized');
  // The next day rollover is due at the new zone's midnight; settled dates stay where they are.
  await onTimezoneChanged(app.db, user.id, app.clock.now());
  return updated;
}
