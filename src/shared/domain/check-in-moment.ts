import { lastLocalDays, weekdayShortOf, type LocalDate } from './dates';
import { scoreColor, type ScoreColor } from './insights';
import { milestoneAt, type Milestone } from './streak-engine';

/**
 * The full-screen moment after a check-in (issue 30, decision 038): the streak, the last seven days as dots, the
 * day's score with one sentence that fits it, and on some days a celebration. Every value of it lives here once.
 */

/** How long the moment stays by itself (ms); any tap, the button or Escape ends it sooner. */
export const MOMENT_MS = 2_000;
/** A celebration day (3, 7 … days) stays a little longer, a milestone longer still (its reward waits behind it). */
export const CELEBRATION_MOMENT_MS = 3_500;
export const MILESTONE_MOMENT_MS = 5_000;
/** The dots fill one after another over this time (not at all under prefers-reduced-motion). */
export const DOTS_FILL_MS = 700;

/** Streak lengths celebrated with a small moment of their own, without a reward (30 and 100 are milestones). */
export const CELEBRATION_DAYS: readonly number[] = [3, 7, 14, 21, 50, 200, 500];

export type Celebration =
  | { kind: 'milestone'; days: number; milestone: Milestone }
  | { kind: 'celebration'; days: number; title: string };

/**
 * What the streak reached by a check-in is celebrated with: a milestone (30, 100, 365, 730 days: the number and
 * its name large, its reward offered next), a small celebration (CELEBRATION_DAYS), or nothing. Only a new day
 * counts (an edit of today, or a streak the check-in did not move, celebrates nothing), so each is shown once per
 * streak: it follows the one check-in that reached it.
 */
export function celebrationFor(streakAfter: number | null, opts: { newDay: boolean }): Celebration | null {
  if (!opts.newDay || streakAfter === null) return null;
  const milestone = milestoneAt(streakAfter);
  if (milestone) return { kind: 'milestone', days: streakAfter, milestone };
  if (CELEBRATION_DAYS.includes(streakAfter)) return { kind: 'celebration', days: streakAfter, title: `${streakAfter} days in a row!` };
  return null;
}

/** One sentence per score colour band (the bands of the score's colour), so the words and the colour agree. */
export const DAY_SENTENCES: Record<ScoreColor, string> = {
  teal: 'A bright day all round. Enjoy it.',
  green: 'A good day. Hold on to what helped.',
  yellow: 'A mixed day, and you still took the time to look at it.',
  orange: 'Thanks for showing up on a hard day.',
  red: 'Thanks for showing up on a hard day. Be gentle with yourself tonight.',
};

/** The sentence for a day's score (0..1). */
export function daySentence(score: number): string {
  return DAY_SENTENCES[scoreColor(Math.round(score * 100))];
}

export interface WeekDot {
  date: LocalDate;
  /** 'Mon' … */
  weekday: string;
  done: boolean;
  isToday: boolean;
}

/** The last seven days ending today, oldest first, each marked done when it has a check-in (today counts as done). */
export function weekDots(today: LocalDate, checkedIn: Iterable<LocalDate>): WeekDot[] {
  const done = new Set(checkedIn);
  done.add(today);
  return lastLocalDays(today, 7).map((date) => ({ date, weekday: weekdayShortOf(date), done: done.has(date), isToday: date === today }));
}
