import type { Dashboard } from '@shared/schemas/dashboard';
import type { TodayResponse } from '@shared/schemas/check-ins';
import type { StreakView } from '@shared/schemas/streaks';
import type { Subscription } from '@shared/schemas/subscriptions';
import type { AppConfig } from '@server/config';
import { toPublicUser } from '@server/plugins/session';
import { todayHoldsUntil, todayView, type TodayParts } from '../check-ins/service';
import { streakView } from '../streaks/service';
import { subscriptionView } from '../subscriptions/service';
import { heldView, type UserState } from './service';

/**
 * Each endpoint's answer from the user's state (`<answer>FromState`, see service.ts for the naming): pure, built by
 * the owners' view builders from the one read. GET /api/dashboard is the other four together; tests hold each part
 * equal to its own endpoint's answer.
 */

/** GET /api/checkins/today (also start-session and orientation-state, which answer parts of it). */
export function todayFromState(s: UserState): TodayResponse {
  const { rows } = s;
  const parts: TodayParts = {
    now: s.now,
    timezone: s.timezone,
    user: rows.user,
    today: rows.today,
    journal: rows.journal,
    lastCheckIn: latestCheckInOf(rows),
    settledThrough: rows.state.lastProcessedDate,
  };
  // Built once per cached state until the window next moves; only the server's time is new on every read.
  const view = heldView(s, 'today', () => ({ view: todayView(parts), until: todayHoldsUntil(parts) }));
  return { ...view, serverTime: s.now.toISOString() };
}

/** GET /api/streak. */
export const streakFromState = (s: UserState): StreakView =>
  streakView(s.rows.state, s.today, s.rows.yesterdayFrozen !== null, { today: s.rows.todayRest !== null, yesterday: s.rows.yesterdayRest !== null });

/** GET /api/subscription (the state's trial and paid period are current: readUserState ended what was due). */
export const subscriptionFromState = (s: UserState): Subscription => subscriptionView(s.rows.user.tier, s.rows.subscription);

/** GET /api/dashboard: GET /api/auth/user, /api/checkins/today, /api/streak and /api/subscription in one answer. */
export const dashboardFromState = (s: UserState, config: AppConfig): Dashboard => ({
  user: toPublicUser(s.rows.user, config),
  today: todayFromState(s),
  streak: streakFromState(s),
  subscription: subscriptionFromState(s),
});

/** The latest check-in read through that join (its date and instant), or null when the user has none. */
export function latestCheckInOf(r: { latestDate: string | null; latestCreatedAt: Date | null }): { localDate: string; createdAt: Date } | null {
  return r.latestDate !== null && r.latestCreatedAt !== null ? { localDate: r.latestDate, createdAt: r.latestCreatedAt } : null;
}
