import type { CalendarDayState } from '@shared/schemas/streaks';

export const monthTitle = (month: string): string =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export const dayTitle = (date: string): string =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** How each state looks and is named: in web/lib, as the year in pixels (insights) shows the same colours. */
export { DAY_STATE_META } from '@web/lib/day-states';

/** The legend's order. */
export const LEGEND_STATES: readonly CalendarDayState[] = [
  'completed',
  'milestone',
  'frozen',
  'recovered',
  'rest',
  'missed',
  'today-open',
  'today-waiting',
  'before-registration',
];
