import { addLocalDays, isKnownTimeZone, localDateOf } from '@shared/domain/dates';
import type { Dashboard } from '@shared/schemas/dashboard';
import type { ServiceContext } from '@server/context';
import type { UserRow } from '@server/plugins/session';
import { toPublicUser } from '../auth/public-user';
import * as checkIns from '../check-ins/service';
import * as streaks from '../streaks/service';
import * as subscriptions from '../subscriptions/service';
import { readDashboardRows, type DashboardRows } from './repo';

/**
 * GET /api/dashboard: the answers of GET /api/auth/user, /api/checkins/today, /api/streak and /api/subscription
 * from ONE read (dashboard/repo.ts), taking no transaction and no lock and writing nothing.
 *
 * Returns null when something is due that those endpoints bring up to date on read — a trial whose end has
 * passed, a streak the rollover has not settled yet (or a user who never had one), a timezone this runtime does
 * not know or that changed since the session was cached — and the caller then answers through the spec
 * services (routes.ts). For a user with nothing due (every read but the first after a rollover or a trial's
 * end) the views are built from the one row by the owners' own pure view builders (check-ins `todayView`, streaks
 * `streakView`, subscriptions `subscriptionView`: one copy each, also used by their endpoints); tests hold them
 * equal to the four endpoints' answers.
 */
export async function readDashboard(ctx: ServiceContext, signedIn: Pick<UserRow, 'id' | 'timezone'>): Promise<Dashboard | null> {
  const now = ctx.now();
  const tz = signedIn.timezone;
  if (!isKnownTimeZone(tz)) return null;
  const today = localDateOf(now, tz);
  const yesterday = addLocalDays(today, -1);
  const cached = ctx.sessionCache.getRows<DashboardRows>(signedIn.id, today);
  const ticket = cached ? null : ctx.sessionCache.begin();
  const row = cached ?? (await readDashboardRows(ctx.db, signedIn.id, today, yesterday));
  if (!row || !row.state || due(row, now, tz, yesterday)) {
    // The caller brings it up to date through the spec services (which may write): nothing of it stays cached.
    if (cached) ctx.sessionCache.forgetUser(signedIn.id);
    return null;
  }
  // Cached for the next reads of this local date, when a change feed keeps it fresh on every instance
  // (plugins/session-cache.ts); the views are computed from it on every request (window, countdown, what is due).
  if (ticket) ctx.sessionCache.setRows(ticket, signedIn.id, today, row);
  const { user, state, subscription: sub } = row;
  const lastCheckIn = row.latestDate !== null && row.latestCreatedAt !== null ? { localDate: row.latestDate, createdAt: row.latestCreatedAt } : null;
  // Each part's view is built by its owner's pure builder (the same one its own endpoint uses) from this one row.
  return {
    user: toPublicUser(user, ctx.config),
    today: checkIns.todayView({ now, timezone: tz, user, today: row.today, journal: row.journal, lastCheckIn, settledThrough: state.lastProcessedDate }),
    streak: streaks.streakView(state, today, row.yesterdayFrozen !== null),
    subscription: subscriptions.subscriptionView(user.tier, sub),
  };
}

/** Something the spec endpoints bring up to date on read: a trial's end, an unsettled day, a changed zone. */
function due(row: DashboardRows, now: Date, tz: string, yesterday: string): boolean {
  const { user, state, subscription: sub } = row;
  if (user.timezone !== tz) return true;
  if (sub?.nextExpiryAt && sub.nextExpiryAt <= now) return true;
  return !state || state.timezone !== tz || state.lastProcessedDate === null || state.lastProcessedDate < yesterday;
}
