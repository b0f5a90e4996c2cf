import { addLocalDays, type LocalDate } from './dates';

/**
 * The dialogs the dashboard opens by itself (spec part 1 §2.8, §4.7, §4.8, §4.9), one at a time, in this order:
 * the full-screen moment after a check-in (issue 30: its celebration comes before any reward), the trial that just ended, then the shields used since the last visit (Streak Protected!), then the offer to
 * buy back a lost streak, then a milestone reward, and last the Enable Push Notifications prompt. A dialog outside
 * this queue (a reward's celebration, or one the person opened: the score explanation, a trial's details) holds
 * them all back until it closes, so two dialogs never stack. The reward's celebration follows its claim and is not
 * queued.
 */
export const DASHBOARD_MODALS = ['moment', 'trial-expired', 'shields-protected', 'recovery', 'reward', 'notifications'] as const;
export type DashboardModal = (typeof DASHBOARD_MODALS)[number];

export interface DashboardModalState {
  /** The moment after a check-in was handed over and has not ended yet. */
  checkInMoment: boolean;
  /** A trial just ended and its notice has not been closed. */
  trialExpired: boolean;
  /** Shields used in the week before today that the person has not acknowledged (see unseenShieldDays). */
  unseenShields: number;
  /** Paid recoveries on offer (GET /api/streak/recovery-available). */
  recoveriesAvailable: number;
  /** Whether today has a check-in; null while the streak is not known. */
  todayCompleted: boolean | null;
  /** The recovery offer already showed in this browser session, or was closed. */
  recoveryPrompted: boolean;
  /** A reward modal was asked for (a claim card tapped, or a new reward offered by itself). */
  rewardRequested: boolean;
  /** The notification prompt is due: not seen yet, and its 1.5 s after the dashboard loaded have passed. */
  notificationPromptDue: boolean;
  /** A dialog outside this queue is open (a reward's celebration, or one the person opened): nothing opens over it. */
  otherDialogOpen: boolean;
}

/** The dialog to show now, or null. */
export function dashboardModal(s: DashboardModalState): DashboardModal | null {
  if (s.otherDialogOpen) return null;
  if (s.checkInMoment) return 'moment';
  if (s.trialExpired) return 'trial-expired';
  if (s.unseenShields > 0) return 'shields-protected';
  // A streak already saved today by a check-in needs no recovery; an unknown streak offers nothing yet.
  if (s.recoveriesAvailable > 0 && s.todayCompleted === false && !s.recoveryPrompted) return 'recovery';
  if (s.rewardRequested) return 'reward';
  if (s.notificationPromptDue) return 'notifications';
  return null;
}

/** A reward not offered yet opens its modal by itself only when no dialog shows and no celebration runs. */
export function offerRewardNow(s: { modal: DashboardModal | null; celebrating: boolean; unofferedReward: boolean }): boolean {
  return s.modal === null && !s.celebrating && s.unofferedReward;
}

/** The shields used (frozen days) in the 7 days before `today` that are not in `seen`. */
export function unseenShieldDays(frozenDays: readonly LocalDate[], today: LocalDate, seen: ReadonlySet<LocalDate>): LocalDate[] {
  const from = addLocalDays(today, -7);
  return frozenDays.filter((d) => d >= from && d < today && !seen.has(d));
}
