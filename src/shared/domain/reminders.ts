import { LAST_CHANCE_MINUTES_BEFORE_CLOSE, officialWindow } from './check-in-rules';
import { addLocalDays, localDateOf, type LocalDate } from './dates';

/**
 * Check-in reminders as pure functions of time and the user's settings (decision 021).
 * - `daily`: when the official window opens (the check-in time, with officialWindow's DST rule).
 * - `last-chance`: LAST_CHANCE_MINUTES_BEFORE_CLOSE minutes before the window closes (23:50 local).
 * A reminder belongs to the local date whose window it announces; the server sends each (user, kind, date) once.
 */
export const REMINDER_KINDS = ['daily', 'last-chance'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export interface PushAction {
  action: string;
  title: string;
}

export interface PushPayload {
  title: string;
  body: string;
  tag: string;
  url: string;
  actions: PushAction[];
}

export const REMINDER_TAG = 'checkin-reminder';

/** The notification of each reminder kind (spec part 2 §9). */
export const REMINDER_MESSAGES: Record<ReminderKind, PushPayload> = {
  daily: {
    title: 'Window is open.',
    body: 'Please check-in before midnight!',
    tag: REMINDER_TAG,
    url: '/checkin',
    actions: [
      { action: 'checkin', title: 'Check in now' },
      { action: 'dismiss', title: 'Dismiss' },
    ],
  },
  'last-chance': {
    title: 'Last chance to check in',
    body: `Your check-in window closes in ${LAST_CHANCE_MINUTES_BEFORE_CLOSE} minutes.`,
    tag: REMINDER_TAG,
    url: '/checkin',
    actions: [
      { action: 'checkin', title: 'Check in now' },
      { action: 'dismiss', title: 'Dismiss' },
    ],
  },
};

export const TEST_NOTIFICATION: PushPayload = {
  title: 'Test notification',
  body: 'Notifications are working.',
  tag: 'test-notification',
  url: '/notifications',
  actions: [],
};

/** When the reminder of `kind` for local date `date` is due (null on a calendar date the zone skips). */
export function reminderDueAt(kind: ReminderKind, date: LocalDate, tz: string, checkInTime: string): Date | null {
  const w = officialWindow(date, tz, checkInTime);
  if (!w) return null;
  if (kind === 'daily') return w.opensAt;
  const due = w.closesAt.getTime() + 1 - LAST_CHANCE_MINUTES_BEFORE_CLOSE * 60_000;
  // A day whose window is shorter than that (never with 20:00–23:45 check-in times, but DST can shorten a day):
  // the last chance comes when the window opens.
  return new Date(Math.max(due, w.opensAt.getTime()));
}

/** The first reminder of `kind` due strictly after `after`, and the local date it belongs to. */
export function nextReminder(kind: ReminderKind, after: Date, tz: string, checkInTime: string): { at: Date; localDate: LocalDate } {
  let date = addLocalDays(localDateOf(after, tz), -1);
  for (let i = 0; i < 6; i++, date = addLocalDays(date, 1)) {
    const at = reminderDueAt(kind, date, tz, checkInTime);
    if (at && at.getTime() > after.getTime()) return { at, localDate: date };
  }
  /* c8 ignore next */
  throw new Error('No reminder found in the next days');
}

/** The local date a reminder due at `at` belongs to (the date of its window). */
export function reminderLocalDate(at: Date, tz: string): LocalDate {
  return localDateOf(at, tz);
}
