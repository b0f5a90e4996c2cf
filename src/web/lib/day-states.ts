import { REST_DAY_ICON } from '@shared/domain/rest-days';
import type { CalendarDayState } from '@shared/schemas/streaks';

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
  rest: { label: 'Rest day', mark: REST_DAY_ICON, className: 'bg-violet-200 text-violet-950' },
};
