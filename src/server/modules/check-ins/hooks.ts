import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { z } from 'zod';
import type { celebrationSchema, milestoneRewardSchema } from '../../../shared/schemas/check-ins';

/**
 * Extension point for other modules (the streak engine) to act on a check-in inside the SAME database
 * transaction that wrote it. The streak module registers its hook once, e.g. in its routes plugin:
 *
 *   addCheckInHook(app, (tx, event) => streakService.onCheckIn(tx, event));
 *
 * Hooks run in registration order after the check-in row is written and before commit; a hook that throws
 * rolls the whole check-in back. The last non-null celebration / milestoneReward returned is sent to the client.
 */
export interface CheckInEvent {
  userId: string;
  checkInId: string;
  /** The check-in's local date (YYYY-MM-DD) in the user's timezone at submission. */
  localDate: string;
  timezone: string;
  now: Date;
  /** true when the row was created, false when today's check-in was replaced. */
  isNew: boolean;
  /** true for the user's first ever check-in. */
  isFirstCheckIn: boolean;
  score: number;
}

export interface CheckInHookResult {
  celebration?: z.infer<typeof celebrationSchema> | null;
  milestoneReward?: z.infer<typeof milestoneRewardSchema> | null;
}

export type CheckInHook = (tx: Db, event: CheckInEvent) => Promise<CheckInHookResult | null | void>;

// Keyed by the app's HTTP server object, which every encapsulated context of one app shares, so a module may
// register its hook whatever the order in which modules are registered, and test apps never share hooks.
const registry = new WeakMap<object, CheckInHook[]>();

export function addCheckInHook(app: FastifyInstance, hook: CheckInHook): void {
  const list = registry.get(app.server) ?? [];
  list.push(hook);
  registry.set(app.server, list);
}

export function checkInHooks(app: FastifyInstance): readonly CheckInHook[] {
  return registry.get(app.server) ?? [];
}
