import { addLocalDays, isKnownTimeZone, localDateOf } from '@shared/domain/dates';
import type { ServiceContext } from '@server/context';
import type { UserRow } from '@server/plugins/session';
import { readUserStateRows, type UserStateRows } from './repo';
import { latestCheckInOf } from '@server/db/latest-check-in';

/**
 * The signed-in user's state as one read model: their row, streak state, subscription, today's check-in (and its
 * journal), the latest check-in and whether yesterday was frozen — read in ONE statement (repo.ts), taking no
 * transaction and no lock and writing nothing, and kept in this process's cache while a change feed keeps it fresh
 * on every instance (plugins/session-cache.ts: any committed change to those rows drops it).
 *
 * It serves what every signed-in screen reads first: GET /api/dashboard, /api/checkins/today, /api/streak and
 * /api/subscription build their answers from it with their owners' pure view builders (check-ins `todayView`,
 * streaks `streakView`, subscriptions `subscriptionView`). This module reads other modules' tables in that one
 * statement and depends on none of them (decision 023, amendment): they depend on it.
 */
export interface UserState {
  now: Date;
  /** The user's timezone (known to this runtime, equal to their streak's). */
  timezone: string;
  /** Their local date at `now`, and the day before. */
  today: string;
  yesterday: string;
  rows: UserStateRows & { state: NonNullable<UserStateRows['state']> };
}

/**
 * The user's state at `ctx.now()`, or null when something is due that the owners' services bring up to date on
 * read — a trial whose end has passed, a day the rollover has not settled yet (or a user who never had a streak), a
 * timezone this runtime does not know or that changed since the session was cached. Callers then answer through
 * those services (rare: the first read after a rollover or a trial's end).
 */
export async function readUserState(ctx: ServiceContext, signedIn: Pick<UserRow, 'id' | 'timezone'>): Promise<UserState | null> {
  const now = ctx.now();
  const tz = signedIn.timezone;
  if (!isKnownTimeZone(tz)) return null;
  const today = localDateOf(now, tz);
  const yesterday = addLocalDays(today, -1);
  const cached = ctx.sessionCache.getRows<UserStateRows>(signedIn.id, today);
  const ticket = cached ? null : ctx.sessionCache.begin();
  const rows = cached ?? (await readUserStateRows(ctx.db, signedIn.id, today, yesterday));
  if (!rows || !hasSettledState(rows) || due(rows, now, tz, yesterday)) {
    // The caller brings it up to date through the owners' services (which may write): none of it stays cached.
    if (cached) ctx.sessionCache.forgetUser(signedIn.id);
    return null;
  }
  // Cached for the next reads of this local date; the views are computed from it on every request (the window,
  // the countdown and what is due depend on the time).
  if (ticket) ctx.sessionCache.setRows(ticket, signedIn.id, today, rows);
  return { now, timezone: tz, today, yesterday, rows };
}

const hasSettledState = (rows: UserStateRows): rows is UserState['rows'] => rows.state !== null;

/** Something the owners' services bring up to date on read: a trial's end, an unsettled day, a changed zone. */
function due(rows: UserState['rows'], now: Date, tz: string, yesterday: string): boolean {
  const { user, state, subscription: sub } = rows;
  if (user.timezone !== tz) return true;
  if (sub?.nextExpiryAt && sub.nextExpiryAt <= now) return true;
  return state.timezone !== tz || state.lastProcessedDate === null || state.lastProcessedDate < yesterday;
}

/** The latest check-in as the check-in window reads it. */
export function lastCheckInOf(rows: UserStateRows): { localDate: string; createdAt: Date } | null {
  return latestCheckInOf(rows);
}
