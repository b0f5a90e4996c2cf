import type { CalendarDayState } from '../../../shared/schemas/streaks';

/** 'YYYY-MM' of a 'YYYY-MM-DD'. */
export const monthOf = (date: string): string => date.slice(0, 7);

/** The month `n` months after `month` (negative goes back). */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** 0 = Sunday … 6 = Saturday for a calendar date (no timezone involved). */
export const weekdayOf = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The date `n` days after `date`. */
export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The last `count` dates ending with `today`, oldest first. */
export const lastDays = (today: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => addDays(today, i - count + 1));

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export const monthTitle = (month: string): string =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export const dayTitle = (date: string): string =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** How each state of spec part 1 §4.4 looks and is named. */
export const DAY_STATE_META: Record<CalendarDayState, { label: string; mark: string; className: string }> = {
  'before-registration': { label: 'Before you started', mark: '', className: 'bg-surface-3 text-muted' },
  future: { label: 'Upcoming', mark: '', className: 'bg-surface-3 text-muted' },
  frozen: { label: 'Shield used', mark: '❄️', className: 'bg-sky-600 text-white' },
  completed: { label: 'Completed', mark: '✓', className: 'bg-green-700 text-white' },
  milestone: { label: 'Milestone reached', mark: '🏆', className: 'bg-amber-400 text-black' },
  'today-open': { label: 'Today: check-in window open', mark: '', className: 'border-4 border-green-500 bg-surface text-fg' },
  'today-waiting': { label: 'Today: window opens later', mark: '', className: 'bg-yellow-300 text-black' },
  'today-missed': { label: 'Today: missed', mark: '', className: 'bg-red-700 text-white' },
  missed: { label: 'Missed', mark: '✕', className: 'bg-red-700 text-white' },
  recovered: { label: 'Recovered', mark: '$', className: 'bg-emerald-200 text-emerald-950' },
};

/** The legend's order. */
export const LEGEND_STATES: readonly CalendarDayState[] = [
  'completed',
  'milestone',
  'frozen',
  'recovered',
  'missed',
  'today-open',
  'today-waiting',
  'before-registration',
];
