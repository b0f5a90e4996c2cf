import { checkInWindow, OFFLINE_SYNC_HOURS, type WindowInput } from './check-in-window';
import { localDateOf, type LocalDate } from './dates';

/**
 * Decision 022: a check-in made offline counts for the local date it was made on, when it reaches the server
 * up to OFFLINE_SYNC_HOURS later. The device's made-at instant is bounded: not in the future (beyond a small
 * clock skew), at most OFFLINE_SYNC_HOURS old, and inside that date's window (official or orientation).
 */

/** How far ahead of the server's clock a device's clock may be. */
export const MADE_AT_MAX_SKEW_MS = 2 * 60 * 1000;
export const OFFLINE_SYNC_MS = OFFLINE_SYNC_HOURS * 60 * 60 * 1000;

export const OFFLINE_CHECK_IN_MESSAGES = {
  future: "This check-in's time (madeAt) is in the future. Check your device's date and time, then try again.",
  tooOld: `This check-in was made more than ${OFFLINE_SYNC_HOURS} hours ago, so it can no longer be saved.`,
  outsideWindow: "This check-in was made outside that day's check-in window, so it cannot be saved.",
  invalid: 'madeAt must be an ISO 8601 date and time, e.g. 2026-11-24T23:30:00Z',
} as const;

export type MadeAtCheck =
  | { ok: true; localDate: LocalDate; late: boolean }
  | { ok: false; message: string };

/**
 * Checks a made-at instant against the server's `now` and the window of the date it falls on (in the user's
 * current zone). `window` is the user's window input (timezone, check-in time, orientation facts); its `now`,
 * `hasCheckInToday` and decision-010 fields are ignored: the timezone-change rule does not apply to a date that
 * is already over (its check-in was made inside the window, when nothing later had been settled).
 * `late` is true when the date has ended at `now` (the check-in reaches the server after its midnight).
 */
export function checkMadeAt(madeAt: Date, now: Date, window: Omit<WindowInput, 'now'>): MadeAtCheck {
  const t = madeAt.getTime();
  if (!Number.isFinite(t)) return { ok: false, message: OFFLINE_CHECK_IN_MESSAGES.invalid };
  if (t > now.getTime() + MADE_AT_MAX_SKEW_MS) return { ok: false, message: OFFLINE_CHECK_IN_MESSAGES.future };
  if (now.getTime() - t > OFFLINE_SYNC_MS) return { ok: false, message: OFFLINE_CHECK_IN_MESSAGES.tooOld };
  // A device clock slightly ahead: judge the instant as the server's now.
  const at = t > now.getTime() ? now : madeAt;
  const { windowState } = checkInWindow({ ...window, now: at, hasCheckInToday: false, lastCheckIn: null, settledThrough: null });
  if (!windowState.canCheckIn) return { ok: false, message: OFFLINE_CHECK_IN_MESSAGES.outsideWindow };
  const localDate = localDateOf(at, window.timezone);
  return { ok: true, localDate, late: localDate < localDateOf(now, window.timezone) };
}
