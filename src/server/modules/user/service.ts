import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../errors';
import type { UserRow } from '../../plugins/session';
import * as repo from './repo';

/** Stores the user's IANA timezone (already validated); every "today" is computed in it. */
export async function updateTimezone(app: FastifyInstance, user: UserRow, timezone: string): Promise<UserRow> {
  if (user.timezone === timezone) return user;
  const updated = await repo.setTimezone(app.db, user.id, timezone, app.clock.now());
  if (!updated) throw unauthorized('Unauthorized');
  return updated;
}
