import { checkInWindow, effectiveCheckInTime } from '@shared/domain/check-in-window';
import { addLocalDays, isKnownTimeZone, localDateOf } from '@shared/domain/dates';
import { FROZEN_ICON, MILESTONES, levelFor, nextMilestone } from '@shared/domain/milestones';
import { answerModeForTier } from '@shared/domain/scoring';
import { recoveryAvailable, type StreakState } from '@shared/domain/streak-engine';
import { hasAiCoach } from '@shared/domain/tiers';
import { JOURNAL_FIELDS, type TodayResponse } from '@shared/schemas/check-ins';
import type { Dashboard } from '@shared/schemas/dashboard';
import type { StreakView } from '@shared/schemas/streaks';
import type { Subscription } from '@shared/schemas/subscriptions';
import type { ServiceContext } from '@server/context';
import type { UserRow } from '@server/plugins/session';
import { toPublicUser } from '../auth/public-user';
import { toCheckInDto, toJournalDto } from '../check-ins/service';
import { readDashboardRows, type DashboardRows } from './repo';

/**
 * GET /api/dashboard: the answers of GET /api/auth/user, /api/checkins/today, /api/streak and /api/subscription
 * from ONE read (dashboard/repo.ts), taking no transaction and no lock and writing nothing.
 *
 * Returns null when something is due that those endpoints bring up to date on read — a trial whose end has
 * passed, a streak the rollover has not settled yet (or a user who never had one), a timezone this runtime does
 * not know or that changed since the session was cached — and the caller then answers through the spec
 * services (routes.ts). For a user with nothing due (every read but the first after a rollover or a trial's
 * end) the views below are built from the one row; tests hold them equal to the four endpoints' answers.
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
  return {
    user: toPublicUser(row.user, ctx.config),
    today: todayView(row, now, tz, today),
    streak: streakView(stateOf(row.state), today, row.yesterdayFrozen !== null),
    subscription: subscriptionView(row),
  };
}

/** Something the spec endpoints bring up to date on read: a trial's end, an unsettled day, a changed zone. */
function due(row: DashboardRows, now: Date, tz: string, yesterday: string): boolean {
  const { user, state, subscription: sub } = row;
  if (user.timezone !== tz) return true;
  if (sub?.nextExpiryAt && sub.nextExpiryAt <= now) return true;
  return !state || state.timezone !== tz || state.lastProcessedDate === null || state.lastProcessedDate < yesterday;
}

/** As GET /api/checkins/today (check-ins service, todayStatus). */
function todayView(row: DashboardRows, now: Date, timezone: string, localDate: string): TodayResponse {
  const { user, today: checkIn, journal } = row;
  const lastCheckIn = row.latestDate !== null && row.latestCreatedAt !== null ? { localDate: row.latestDate, createdAt: row.latestCreatedAt } : null;
  const input = {
    now,
    timezone,
    checkInTime: effectiveCheckInTime(user.checkInTime),
    createdAt: user.createdAt,
    hasAnyCheckIn: lastCheckIn !== null,
    firstCheckInCompleted: user.firstCheckInCompleted,
    hasCheckInToday: checkIn !== null,
    lastCheckIn,
    settledThrough: row.state?.lastProcessedDate ?? null,
  };
  const w = checkInWindow(input);
  const journalEnabled = hasAiCoach(user.tier);
  const withText = journal && JOURNAL_FIELDS.some((f) => !!journal[f]?.trim()) ? journal : null;
  return {
    localDate,
    timezone,
    checkInTime: input.checkInTime,
    serverTime: now.toISOString(),
    hasCheckedInToday: checkIn !== null,
    windowState: w.windowState,
    orientationState: w.orientationState,
    answerMode: answerModeForTier(user.tier),
    journalEnabled,
    checkIn: checkIn ? toCheckInDto(checkIn) : null,
    journalEntry: checkIn && journalEnabled && withText ? toJournalDto(withText) : null,
  };
}

function stateOf(r: NonNullable<DashboardRows['state']>): StreakState {
  return {
    currentStreak: r.currentStreak,
    bestStreak: r.bestStreak,
    freezeDaysRemaining: r.freezeDaysRemaining,
    freezeDaysUsed: r.freezeDaysUsed,
    checkpoint: r.checkpoint,
    lastCompletedDate: r.lastCompletedDate,
    lastProcessedDate: r.lastProcessedDate,
    lostStreakValue: r.lostStreakValue,
    lostDate: r.lostDate,
    rebuiltDays: r.rebuiltDays,
    gapDates: r.gapDates,
    recoveryState: r.recoveryState,
  };
}

/** As GET /api/streak (streaks service, getStreakView) for a settled state. */
function streakView(s: StreakState, today: string, yesterdayFrozen: boolean): StreakView {
  const todayCompleted = s.lastCompletedDate === today;
  const level = levelFor(s.currentStreak);
  const next = nextMilestone(s.currentStreak);
  const available = recoveryAvailable(s, today);
  return {
    currentStreak: s.currentStreak,
    bestStreak: s.bestStreak,
    freezeDaysUsed: s.freezeDaysUsed,
    freezeDaysRemaining: s.freezeDaysRemaining,
    checkpoint: s.checkpoint,
    level: { name: level.name, min: level.min, icon: level.icon },
    icon: yesterdayFrozen && !todayCompleted ? FROZEN_ICON : level.icon,
    nextMilestone: next
      ? {
          days: next.days,
          name: next.name,
          emoji: next.emoji,
          daysToGo: next.days - s.currentStreak,
          progress: Math.min(100, Math.round((s.currentStreak / next.days) * 100)),
        }
      : null,
    milestones: MILESTONES.map((m) => ({ days: m.days, name: m.name, emoji: m.emoji, label: m.label, achieved: s.bestStreak >= m.days })),
    yesterdayFrozen,
    todayCompleted,
    today,
    lastCompletedDate: s.lastCompletedDate,
    recoveryAvailable: available,
    lostStreakValue: available ? s.lostStreakValue : null,
  };
}

/** As GET /api/subscription (subscriptions service) when no trial is due. */
function subscriptionView({ user, subscription: sub }: DashboardRows): Subscription {
  return {
    tier: user.tier,
    premiumExpiresAt: sub?.premiumExpiresAt?.toISOString() ?? null,
    aiCoachExpiresAt: sub?.aiCoachExpiresAt?.toISOString() ?? null,
    trialJustExpired: sub?.trialJustExpired ?? null,
    previousTier: sub?.previousTier ?? null,
    billing:
      sub?.paidTier && sub.paidUntil
        ? {
            tier: sub.paidTier,
            periodEnd: sub.paidUntil.toISOString(),
            renews: sub.autoRenew,
            scheduledTier: sub.scheduledTier,
            manageable: !!sub.stripeCustomerId,
          }
        : null,
  };
}
