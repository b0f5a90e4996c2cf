import type { Dashboard } from '@shared/schemas/dashboard';
import type { CheckInDto, JournalEntryDto, TodayResponse } from '@shared/schemas/check-ins';
import type { StreakView } from '@shared/schemas/streaks';
import type { Subscription } from '@shared/schemas/subscriptions';
import { checkInWindow, hasJournalText, userWindowInput, windowHoldsUntil } from '@shared/domain/check-in-rules';
import { answerModeForTier, areaScoreKey, byArea, byAreaScoreKey, normalizeStoredScore, type AreaScores } from '@shared/domain/scoring';
import { FROZEN_ICON, MILESTONES, levelFor, nextMilestone, recoveryAvailable, type StreakState } from '@shared/domain/streak-engine';
import { hasAiCoach, type Tier } from '@shared/domain/tiers';
import type { AppConfig } from '@server/config';
import type { checkIns, journalEntries, subscriptions } from '@server/db/schema/index';
import { toPublicUser, type UserRow } from '@server/plugins/session';
import type { UserState } from './service';

/**
 * The answers built from the user's state, pure: the one copy of each (service.ts explains the naming). The
 * `<answer>View(parts)` builders take the rows they show, so a caller that holds such rows (a write's answer, the
 * data export) builds the same answer with them; the `<answer>FromState(state)` functions are the endpoints' answers
 * from one `readUserState`. Everything here is computed from the rows by the shared rules (src/shared/domain): no
 * statement, no other module's service (decisions 023, 031).
 */

type CheckInRow = typeof checkIns.$inferSelect;
type JournalRow = typeof journalEntries.$inferSelect;

// ---------------------------------------------------------------------------------------------------------
// The state's answers (GET /api/dashboard and the four reads it answers in one)
// ---------------------------------------------------------------------------------------------------------

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

/**
 * GET /api/subscription (the state's trial and paid period are current: readUserState ended what was due). Given the
 * app's config, the answer also says when this server sells nothing (production without Stripe and without
 * PAYMENTS_TEST_MODE: checkout answers 503), as the screen shows; services reading the user's plan leave it out.
 */
export function subscriptionFromState(s: UserState, config?: PaymentsConfig): Subscription {
  const sub = subscriptionView(s.rows.user.tier, s.rows.subscription);
  return config && !paymentsAvailable(config) ? { ...sub, paymentsUnavailable: true } : sub;
}

type PaymentsConfig = Pick<AppConfig, 'stripe' | 'paymentsTestMode'>;

/** This server sells: Stripe is configured, or PAYMENTS_TEST_MODE (on by default unless NODE_ENV=production). */
const paymentsAvailable = (config: PaymentsConfig): boolean => config.stripe !== null || config.paymentsTestMode;

/** GET /api/dashboard: GET /api/auth/user, /api/checkins/today, /api/streak and /api/subscription in one answer. */
export const dashboardFromState = (s: UserState, config: AppConfig): Dashboard => ({
  user: toPublicUser(s.rows.user, config),
  today: todayFromState(s),
  streak: streakFromState(s),
  subscription: subscriptionFromState(s, config),
});

/** The latest check-in read through that join (its date and instant), or null when the user has none. */
export function latestCheckInOf(r: { latestDate: string | null; latestCreatedAt: Date | null }): { localDate: string; createdAt: Date } | null {
  return r.latestDate !== null && r.latestCreatedAt !== null ? { localDate: r.latestDate, createdAt: r.latestCreatedAt } : null;
}

/** A view held for one state (heldView). */
export interface HeldView {
  from: number;
  until: number;
  view: unknown;
}

/**
 * A view of the state that holds until an instant (ms): built once per cached state, answered again while
 * `from <= now < until`. A committed change reads a new state, so a view never outlives a change of its rows.
 */
export function heldView<V>(s: UserState, name: string, build: () => { view: V; until: number }): V {
  const t = s.now.getTime();
  const held = s.held.get(name);
  if (held && held.from <= t && t < held.until) return held.view as V;
  const { view, until } = build();
  s.held.set(name, { from: t, until, view });
  return view;
}

// ---------------------------------------------------------------------------------------------------------
// Today: the check-in window and today's check-in
// ---------------------------------------------------------------------------------------------------------

/** What the check-in window and GET /api/checkins/today are computed from (the user-state read has them all). */
export interface TodayParts {
  now: Date;
  /** The user's timezone, one this runtime knows (an unknown stored zone reads as UTC). */
  timezone: string;
  /** The user with the tier in force now. */
  user: Pick<UserRow, 'checkInTime' | 'createdAt' | 'firstCheckInCompleted' | 'tier'>;
  /** Today's check-in, if made. */
  today: CheckInRow | null;
  /** Its journal row, when read (only a tier with the journal shows it). */
  journal?: JournalRow | null;
  /** The latest check-in (today's, or an earlier one). */
  lastCheckIn: { localDate: string; createdAt: Date } | null;
  /** The last date the streak engine settled. */
  settledThrough: string | null;
}

/** The check-in window's input (shared/domain/check-in-rules) from those parts. */
const windowInput = (p: TodayParts) =>
  userWindowInput({
    now: p.now,
    user: { ...p.user, timezone: p.timezone },
    latest: p.lastCheckIn,
    hasCheckInToday: p.today !== null,
    settledThrough: p.settledThrough,
  });

/** GET /api/checkins/today's answer from its parts. */
export function todayView(p: TodayParts): TodayResponse {
  const input = windowInput(p);
  const w = checkInWindow(input);
  const journalEnabled = hasAiCoach(p.user.tier);
  const journal = p.today && journalEnabled ? journalWithText(p.journal ?? null) : null;
  return {
    localDate: w.windowState.localDate,
    timezone: p.timezone,
    checkInTime: input.checkInTime,
    serverTime: p.now.toISOString(),
    hasCheckedInToday: p.today !== null,
    windowState: w.windowState,
    orientationState: w.orientationState,
    answerMode: answerModeForTier(p.user.tier),
    journalEnabled,
    checkIn: p.today ? toCheckInDto(p.today) : null,
    journalEntry: journal ? toJournalDto(journal) : null,
  };
}

/**
 * Until when (ms) todayView's answer for these parts holds, the server's time aside: the answer moves with time only
 * at a few instants a day (the window's opening and closing, midnight, …: windowHoldsUntil).
 */
export function todayHoldsUntil(p: TodayParts): number {
  const input = windowInput(p);
  return windowHoldsUntil(input, checkInWindow(input));
}

/** A check-in row's area scores (0..1). */
export function areaScoresOf(row: CheckInRow): AreaScores {
  return byArea((area) => normalizeStoredScore(row[areaScoreKey(area)]));
}

/** A check-in as the API shows it (today's, the history, the export). */
export function toCheckInDto(row: CheckInRow): CheckInDto {
  const s = areaScoresOf(row);
  return {
    id: row.id,
    date: row.localDate,
    ...byAreaScoreKey((area) => s[area]),
    score: normalizeStoredScore(row.score),
    answers: Array.isArray(row.answers) ? row.answers : [],
    subscriptionTierAtCheckIn: row.subscriptionTierAtCheckIn,
    timezone: row.timezone,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A journal row as the API shows it. */
export function toJournalDto(row: JournalRow): JournalEntryDto {
  return {
    id: row.id,
    checkInId: row.checkInId,
    restJournal: row.restJournal,
    exerciseJournal: row.exerciseJournal,
    nutritionJournal: row.nutritionJournal,
    goalsJournal: row.goalsJournal,
    boundariesJournal: row.boundariesJournal,
    connectionJournal: row.connectionJournal,
    joyJournal: row.joyJournal,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A stored journal row, or null when it holds no text (rows written before empty rows were removed). */
export const journalWithText = (row: JournalRow | null): JournalRow | null => (row && hasJournalText(row) ? row : null);

// ---------------------------------------------------------------------------------------------------------
// The streak and the subscription
// ---------------------------------------------------------------------------------------------------------

/** GET /api/streak's answer for a settled state on the user's `today`. */
export function streakView(
  s: StreakState,
  today: string,
  yesterdayFrozen: boolean,
  rest: { today: boolean; yesterday: boolean } = { today: false, yesterday: false },
): StreakView {
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
    todayRest: rest.today,
    yesterdayRest: rest.yesterday,
    todayCompleted,
    today,
    lastCompletedDate: s.lastCompletedDate,
    recoveryAvailable: available,
    lostStreakValue: available ? s.lostStreakValue : null,
  };
}

/** The subscription row's columns the view reads (the user-state read selects just these). */
export type SubscriptionViewRow = Pick<
  typeof subscriptions.$inferSelect,
  'premiumExpiresAt' | 'aiCoachExpiresAt' | 'trialJustExpired' | 'previousTier' | 'paidTier' | 'paidUntil' | 'autoRenew' | 'scheduledTier' | 'stripeCustomerId'
>;

/** GET /api/subscription's answer for a tier and a subscription row as they stand (apply a due expiry first). */
export function subscriptionView(tier: Tier, sub: SubscriptionViewRow | null | undefined): Subscription {
  return {
    tier,
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
