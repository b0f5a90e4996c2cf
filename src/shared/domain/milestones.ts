/** Streak levels and milestones (spec part 1 §4.6, §4.7). Every value lives here once. */

export interface StreakLevel {
  min: number;
  name: string;
  icon: string;
}

/** By current streak, ascending. */
export const STREAK_LEVELS: readonly StreakLevel[] = [
  { min: 0, name: 'Ready to Start', icon: '✨' },
  { min: 1, name: 'Seed Planted', icon: '🌱' },
  { min: 5, name: 'Sprouting', icon: '🌿' },
  { min: 10, name: 'Growing Strong', icon: '🪴' },
  { min: 15, name: 'Branching', icon: '🌳' },
  { min: 20, name: 'Blooming', icon: '🌸' },
  { min: 25, name: 'Thriving', icon: '🌺' },
  { min: 30, name: 'Flourishing', icon: '🌻' },
  { min: 100, name: 'Warrior', icon: '⚔️' },
  { min: 365, name: 'Champion', icon: '🏆' },
];

/** Shown instead of the level icon when yesterday was frozen and today has no check-in. */
export const FROZEN_ICON = '❄️';

export interface Milestone {
  days: number;
  name: string;
  emoji: string;
  /** How the client labels it (730 is shown as 2 years). */
  label: string;
}

/** Milestones are also checkpoints: a break without shields resets to the highest one achieved. */
export const MILESTONES: readonly Milestone[] = [
  { days: 30, name: 'Dedicated Soul', emoji: '🔥', label: '30 days' },
  { days: 100, name: 'Legendary Warrior', emoji: '⚔️', label: '100 days' },
  { days: 365, name: 'Master of Wellness', emoji: '👑', label: '365 days' },
  { days: 730, name: 'Ultimate Champion', emoji: '🏆', label: '2 years' },
];

export const MILESTONE_DAYS: readonly number[] = MILESTONES.map((m) => m.days);

export function levelFor(streak: number): StreakLevel {
  let found = STREAK_LEVELS[0]!;
  for (const l of STREAK_LEVELS) if (streak >= l.min) found = l;
  return found;
}

/** The highest milestone at or below `days` (0 when none): the checkpoint a streak of `days` has achieved. */
export function milestoneFloor(days: number): number {
  let floor = 0;
  for (const m of MILESTONE_DAYS) if (days >= m) floor = m;
  return floor;
}

export function milestoneAt(days: number): Milestone | undefined {
  return MILESTONES.find((m) => m.days === days);
}

/** The next milestone above the current streak (undefined after the last one). */
export function nextMilestone(streak: number): Milestone | undefined {
  return MILESTONES.find((m) => m.days > streak);
}

/** A count with its noun: '1 day', '0 days', '2 shields'. */
export const countText = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/**
 * A streak length as an adjective before "streak": 12 → '12-day'; a milestone by its label ('2 years' for
 * 730 → '2-year'), so texts read 'a 30-day streak', never 'a 30 days streak'.
 */
export function streakLengthText(days: number, label?: string): string {
  const m = label ? /^(\d+) (day|year)s?$/.exec(label) : null;
  return m ? `${m[1]}-${m[2]}` : `${days}-day`;
}
