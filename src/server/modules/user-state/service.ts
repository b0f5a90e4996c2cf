import { addLocalDays, localDateOf, zoneOrUtc } from '@shared/domain/dates';
import { tierChangeDue } from '@shared/domain/tiers';
import { inTx, withNow, type ServiceContext } from '@server/context';
import { unauthorized } from '@server/errors';
import type { SessionCache, UserRow, UserValueCache } from '@server/plugins/session';
import { settleNow } from '../streaks/service';
import { expireTrials } from '../subscriptions/service';
import { readUserStateRows, type UserStateRows } from './repo';
import type { HeldView } from './views';

/**
 * The signed-in user's state: their row, streak state, subscription, today's check-in (and its journal), the latest
 * check-in and whether yesterday was frozen — read in ONE statement (repo.ts) and kept in this process's cache while
 * a change feed keeps it fresh on every instance (any committed change to those rows drops it: decision 031).
 *
 * Naming, once for the whole read path (decision 031):
 * - `readUserState(ctx, user)` → `UserState`: the only way to read it. Anything due is brought up to date first (a
 *   day the rollover has not settled, a trial or paid period that has ended), then it is read again: a state is
 *   always current at its `now`.
 * - `<answer>View(parts)`: an answer built from the rows it shows, pure (views.ts: `todayView`, `streakView`,
 *   `subscriptionView`; with `toCheckInDto` and `toJournalDto` for the rows inside them). The one copy: a module that
 *   answers with the same shape from rows it holds (the history, a write's answer) imports it from views.ts.
 * - `<answer>FromState(state)`: an endpoint's whole answer from a `UserState`, pure (views.ts: `todayFromState`,
 *   `streakFromState`, `subscriptionFromState`, `dashboardFromState`). GET /api/checkins/today, /api/streak,
 *   /api/subscription and /api/dashboard are each `xFromState(await readUserState(ctx, user))`.
 * - `heldView(state, name, build)` (views.ts): a view that holds until a given instant, built once per cached state.
 *
 * Reading the state writes only what is due, through the owners (the streak's settlement, the trials' end); its views
 * are the shared rules applied to its rows (src/shared/domain), so a read that finds nothing due runs no owner's
 * code. views.ts imports no module's service, so every owner may import it.
 */
export interface UserState {
  now: Date;
  /** The user's timezone (one this runtime knows; an unknown stored zone reads as UTC), equal to their streak's. */
  timezone: string;
  /** Their local date at `now`, and the day before. */
  today: string;
  yesterday: string;
  rows: UserStateRows & { state: NonNullable<UserStateRows['state']> };
  /** The views held for this state (heldView); one map per cached read, dropped with it. */
  readonly held: Map<string, HeldView>;
}

/** What this module caches per user (attached to the session cache, which decides when it goes stale). */
interface Cached {
  rows: UserStateRows;
  held: Map<string, HeldView>;
}

const caches = new WeakMap<SessionCache, UserValueCache<Cached>>();
function cacheOf(sessionCache: SessionCache): UserValueCache<Cached> {
  let c = caches.get(sessionCache);
  if (!c) caches.set(sessionCache, (c = sessionCache.attach<Cached>()));
  return c;
}

/** Reads after bringing something up to date, at most (a concurrent change could make it due again). */
const MAX_CATCH_UPS = 2;

/**
 * The user's state at `ctx.now()`, current: a due trial's end or an unsettled day is written first (through their
 * owners' services, each in its own transaction) and the state read again.
 */
export async function readUserState(ctx: ServiceContext, signedIn: Pick<UserRow, 'id' | 'timezone'>): Promise<UserState> {
  const now = ctx.now();
  const cache = cacheOf(ctx.sessionCache);
  let tz = zoneOrUtc(signedIn.timezone);
  for (let catchUps = 0; ; ) {
    const today = localDateOf(now, tz);
    const yesterday = addLocalDays(today, -1);
    let entry = cache.get(signedIn.id, today);
    if (!entry) {
      const ticket = ctx.sessionCache.begin();
      const rows = await readUserStateRows(ctx.db, signedIn.id, today, yesterday);
      // The session's user is gone (deleted since the session was read).
      if (!rows) throw unauthorized('Your account no longer exists. Sign in again.');
      entry = { rows, held: new Map() };
      cache.set(ticket, signedIn.id, today, entry);
    }
    const { rows } = entry;
    const zone = zoneOrUtc(rows.user.timezone);
    if (zone !== tz) {
      // The session's copy of the zone was older than the row: read the dates of the zone as it stands.
      if (catchUps++ >= MAX_CATCH_UPS) throw new Error(`The zone of user ${signedIn.id} kept changing while read`);
      cache.drop(signedIn.id);
      tz = zone;
      continue;
    }
    const due = dueOf(rows, now, tz, yesterday);
    if (!due.trial && !due.day && hasSettledState(rows)) return { now, timezone: tz, today, yesterday, rows, held: entry.held };
    if (catchUps++ >= MAX_CATCH_UPS) throw new Error(`The state of user ${signedIn.id} did not come up to date`);
    // Written, so none of it stays cached (the session's user may hold the ended trial's tier too).
    ctx.sessionCache.forgetUser(signedIn.id);
    const at = withNow(ctx, now);
    // The subscription first: a trial's end changes the tier, never the streak.
    if (due.trial) await inTx(at, (tx) => expireTrials(tx, signedIn.id));
    if (due.day) await settleNow(at, signedIn.id);
  }
}

const hasSettledState = (rows: UserStateRows): rows is UserState['rows'] => rows.state !== null;

/** What is due at `now`: a trial's (or paid period's) end; a day to settle (or a streak never started, or a zone changed). */
function dueOf(rows: UserStateRows, now: Date, tz: string, yesterday: string): { trial: boolean; day: boolean } {
  const { state, subscription: sub } = rows;
  return {
    trial: tierChangeDue(sub, now),
    day: state === null || state.timezone !== tz || state.lastProcessedDate === null || state.lastProcessedDate < yesterday,
  };
}
