import {
  addLocalDays,
  formatWallTime12h,
  instantOfLocalTime,
  endOfLocalDay,
  formatLocalDateTime,
  localDateOf,
  localHourOf,
  startOfLocalDay,
  parseWallTime,
  type LocalDate,
  memo,
} from './dates';
import { JOURNAL_FIELDS, JOURNAL_MAX_LENGTH, type JournalField } from './journal';
import { answerModeForTier, answersProblem, scoreAnswers, type AreaScores } from './scoring';
import { hasAiCoach, type Tier } from './tiers';

/**
 * The check-in rules, in one module (issue 27): the daily window and orientation (decision 006), the timezone-change
 * rule (decision 010), an offline check-in's made-at instant (decision 022), and the rules of ONE submission,
 * `decideCheckIn` (decision 030), built from them. Pure functions of `now` and the user's facts, each callable alone
 * by a test (check-in-rules.test.ts). The messages a refused check-in answers with live here too (CHECK_IN_MESSAGES;
 * the API's schemas re-export them).
 */

// ---------------------------------------------------------------------------------------------------------
// The window (decisions 006 and 010)
// ---------------------------------------------------------------------------------------------------------

/**
 * The daily check-in window, as pure functions of "now" and the user's settings.
 *
 * - The official window opens at the user's check-in time (default 20:00; 20:00–23:45 in 15-minute steps) and
 *   closes at the end of the same local date (23:59:59.999 local). DST: see officialWindow below.
 * - Orientation: a user within 24 hours of account creation, with no check-ins and firstCheckInCompleted false,
 *   may check in at any moment of those 24 hours; that check-in counts for the local date at submission.
 * - A check-in's local date is fixed when it is submitted and never moves, even if the user's timezone changes.
 * - A timezone change cannot turn one evening into two days (decision 010): a NEW check-in needs a local date
 *   later than every settled one (the latest check-in's and the streak's last settled date) and at least
 *   MIN_TIME_BETWEEN_CHECK_INS_MS of real time since the latest check-in was made. Replacing today's is unaffected.
 */

export const DEFAULT_CHECK_IN_TIME = '20:00';
export const CHECK_IN_TIME_MIN = '20:00';
export const CHECK_IN_TIME_MAX = '23:45';
export const CHECK_IN_TIME_STEP_MINUTES = 15;
export const ORIENTATION_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The last-chance reminder comes this many minutes before the window closes (spec part 2 §1, §9). */
export const LAST_CHANCE_MINUTES_BEFORE_CLOSE = 10;
/** An offline check-in counts for its day when it reaches the server at most this many hours later (DECISIONS). */
export const OFFLINE_SYNC_HOURS = 48;
/**
 * Decision 010: the least real time between two check-ins on different dates. A user who stays in one zone is
 * never near it (successive windows open at least 19 hours apart, DST included), and neither is a traveller
 * going up to 7 hours east; only a jump of more than that inside one evening (in practice: switching the zone
 * setting, or hopping across the date line) meets it.
 */
export const MIN_TIME_BETWEEN_CHECK_INS_MS = 12 * 60 * 60 * 1000;

export const WINDOW_TYPES = ['orientation-first-time', 'official-checkin', 'edit-only'] as const;
export type WindowType = (typeof WINDOW_TYPES)[number];

export const BUTTON_LABELS = {
  firstTime: 'FIRST TIME CHECK-IN',
  checkIn: 'CHECK-IN',
  update: 'UPDATE CHECK-IN',
} as const;
export type ButtonLabel = (typeof BUTTON_LABELS)[keyof typeof BUTTON_LABELS];

export const COUNTDOWN_LABELS = {
  checkInEnds: 'Check-in window ends in',
  updateEnds: 'Update window ends in',
  untilOpens: 'Until check-in window opens',
  /** Today's check-in is done (a first check-in before the evening): the window that opens next is for updates. */
  untilUpdateOpens: 'Until update window opens',
} as const;
export type CountdownLabel = (typeof COUNTDOWN_LABELS)[keyof typeof COUNTDOWN_LABELS];

export const WINDOW_MESSAGES = {
  orientation: "It's time for your first check-in",
  open: 'Check-in window is open',
  editOnly: "You've checked in today. You can update it until midnight.",
  opensAt: (time: string) => `Check-in opens at ${formatWallTime12h(time)}`,
  /** Shown by the client when the status cannot be loaded. */
  unavailable: 'Check-in window is closed',
  /** Decision 010: a timezone change made "today" a date already checked in (or earlier). */
  checkedInElsewhere: (at: string) => `You already checked in for today in another timezone. Your next check-in opens at ${at}.`,
  /** Decision 010: a timezone change made "today" a later date, but too soon after the last check-in. */
  tooSoonElsewhere: (at: string) =>
    `You checked in less than ${MIN_TIME_BETWEEN_CHECK_INS_MS / 3_600_000} hours ago in another timezone. Your next check-in opens at ${at}.`,
  /** Decision 010: a timezone change made "today" a date that already ended (and was settled) in the previous zone. */
  dayAlreadySettled: (at: string) => `This day already ended in your previous timezone. Your next check-in opens at ${at}.`,
} as const;

export const ORIENTATION_MODES = ['orientation', 'regular'] as const;
export type OrientationMode = (typeof ORIENTATION_MODES)[number];

/** A valid check-in time: HH:MM, a multiple of 15 minutes, from 20:00 to 23:45. */
export function isValidCheckInTime(time: string): boolean {
  const m = parseWallTime(time);
  const min = parseWallTime(CHECK_IN_TIME_MIN)!;
  const max = parseWallTime(CHECK_IN_TIME_MAX)!;
  return m !== null && m % CHECK_IN_TIME_STEP_MINUTES === 0 && m >= min && m <= max;
}

/** Every valid check-in time, in order ('20:00', '20:15', …, '23:45'). */
export const CHECK_IN_TIMES: readonly string[] = (() => {
  const out: string[] = [];
  for (let m = parseWallTime(CHECK_IN_TIME_MIN)!; m <= parseWallTime(CHECK_IN_TIME_MAX)!; m += CHECK_IN_TIME_STEP_MINUTES) {
    out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return out;
})();

/** The check-in time to use for a stored value (an invalid stored value falls back to the default). */
export function effectiveCheckInTime(time: string | null | undefined): string {
  return time && isValidCheckInTime(time) ? time : DEFAULT_CHECK_IN_TIME;
}

/**
 * Spec: changing the check-in time is "disabled once the current hour is at or past the check-in hour"
 * (local hour of now ≥ hour of the current check-in time; it is allowed again after local midnight).
 */
export function canChangeCheckInTime(now: Date, tz: string, currentCheckInTime: string): boolean {
  const hour = Math.floor(parseWallTime(effectiveCheckInTime(currentCheckInTime))! / 60);
  return localHourOf(now, tz) < hour;
}

export interface WindowInput {
  now: Date;
  timezone: string;
  checkInTime: string;
  createdAt: Date;
  /** The user has at least one check-in (on any date). */
  hasAnyCheckIn: boolean;
  firstCheckInCompleted: boolean;
  /** A check-in exists for the local date of `now`. */
  hasCheckInToday: boolean;
  /** The user's latest check-in (by local date) and the instant it was first made; for decision 010. */
  lastCheckIn?: PreviousCheckIn | null;
  /** The last local date the streak engine settled (its lastProcessedDate); for decision 010. */
  settledThrough?: LocalDate | null;
}

export interface OrientationState {
  mode: OrientationMode;
  shouldShowFirstTimeCheckIn: boolean;
  /** When the 24-hour first check-in window ends (ISO), while it is open. */
  endsAt: string | null;
}

export interface WindowState {
  localDate: LocalDate;
  canCheckIn: boolean;
  canEdit: boolean;
  windowType: WindowType | null;
  message: string;
  buttonLabel: ButtonLabel;
  /** Today's official window (ISO instants). */
  opensAt: string;
  closesAt: string;
  /** Whether the official window is open now. */
  isOpen: boolean;
  /** The next official opening after now (today's if still ahead, else tomorrow's). */
  nextOpensAt: string;
  countdown: { target: string; label: CountdownLabel };
}

export interface WindowResult {
  windowState: WindowState;
  orientationState: OrientationState;
  /** Why a new check-in is refused by the timezone-change rule (decision 010), or null. */
  block: NewCheckInBlock | null;
}

/**
 * Opening and closing instants of the official window on a local date (null only for a calendar date that
 * never happens in the zone, such as Pacific/Apia 2011-12-30).
 *
 * DST rule for the opening, in order:
 *  1. the instant the local clock reads the check-in time (the first one, if it reads it twice);
 *  2. if the clock skips the check-in time, the instant it jumps (the first moment after the gap);
 *  3. if the rest of the day is skipped (e.g. America/Nuuk, where clocks jump from 23:00 to 00:00 on a
 *     Saturday in March), the window opens as long before the end of the day as it normally would
 *     (24:00 minus the check-in time), so it keeps its usual length.
 * The window closes at the last millisecond of the local date.
 */
export function officialWindow(date: LocalDate, tz: string, checkInTime: string): { opensAt: Date; closesAt: Date } | null {
  // A pure function of three strings, asked several times for each window state and shared by everyone with the same
  // zone and check-in time on a date: answered from a bounded memo after the first time (fresh Dates each time).
  const w = officialWindowMs(date, tz, checkInTime);
  return w && { opensAt: new Date(w[0]), closesAt: new Date(w[1]) };
}
const officialWindowMs = memo((date: LocalDate, tz: string, checkInTime: string): readonly [number, number] | null => {
  const time = effectiveCheckInTime(checkInTime);
  const dayStart = startOfLocalDay(date, tz);
  const closesAt = endOfLocalDay(date, tz);
  if (dayStart.getTime() > closesAt.getTime()) return null;
  let opensAt = instantOfLocalTime(date, time, tz);
  if (localDateOf(opensAt, tz) !== date || opensAt.getTime() > closesAt.getTime()) {
    const minutesBeforeMidnight = 24 * 60 - parseWallTime(time)!;
    opensAt = new Date(Math.max(dayStart.getTime(), closesAt.getTime() + 1 - minutesBeforeMidnight * 60_000));
  }
  return [opensAt.getTime(), closesAt.getTime()] as const;
}, 20_000);

/** The first official opening strictly after `now`. */
export function nextOpening(now: Date, tz: string, checkInTime: string): Date {
  let date = localDateOf(now, tz);
  for (let i = 0; i < 4; i++) {
    const w = officialWindow(date, tz, checkInTime);
    if (w && w.opensAt.getTime() > now.getTime()) return w.opensAt;
    date = addLocalDays(date, 1);
  }
  /* c8 ignore next */
  throw new Error('No check-in window found in the next days');
}

export function orientationState(input: Pick<WindowInput, 'now' | 'createdAt' | 'hasAnyCheckIn' | 'firstCheckInCompleted'>): OrientationState {
  const age = input.now.getTime() - input.createdAt.getTime();
  const open = !input.hasAnyCheckIn && !input.firstCheckInCompleted && age >= 0 && age < ORIENTATION_WINDOW_MS;
  return {
    mode: open ? 'orientation' : 'regular',
    shouldShowFirstTimeCheckIn: open,
    endsAt: open ? new Date(input.createdAt.getTime() + ORIENTATION_WINDOW_MS).toISOString() : null,
  };
}

export interface PreviousCheckIn {
  localDate: LocalDate;
  /** When it was first made (replacing it keeps this instant). */
  createdAt: Date;
}

export interface NewCheckInBlock {
  /** Today is not after the latest check-in's date / after the last settled date / it is after both, but too soon. */
  reason: 'checked-in' | 'settled' | 'too-soon';
  /** The first instant from which a new check-in is accepted (in the current zone, at the current check-in time). */
  opensAt: Date;
  /** What to tell the person, with that instant in their current zone. */
  message: string;
}

const MINUTE_MS = 60_000;

/** Decision 010: the first instant a new check-in may follow `last` (whole minutes, so the time we print is the time it opens). */
function earliestNewCheckIn(last: PreviousCheckIn | null): number | null {
  return last ? Math.ceil((last.createdAt.getTime() + MIN_TIME_BETWEEN_CHECK_INS_MS) / MINUTE_MS) * MINUTE_MS : null;
}

/**
 * Decision 010, pure: null when a NEW check-in at `now` (for the local date of `now` in `tz`) passes the
 * timezone-change rule, else why not and from when a new check-in is accepted. The window itself (official or
 * orientation) is checked separately; replacing an existing check-in of today never goes through this rule.
 */
export function newCheckInBlock(
  now: Date,
  tz: string,
  checkInTime: string,
  history: { lastCheckIn?: PreviousCheckIn | null; settledThrough?: LocalDate | null },
): NewCheckInBlock | null {
  const last = history.lastCheckIn ?? null;
  const floors = [last?.localDate, history.settledThrough].filter((d): d is LocalDate => !!d);
  const floor = floors.length ? floors.reduce((a, b) => (a > b ? a : b)) : null;
  const earliest = earliestNewCheckIn(last);
  const today = localDateOf(now, tz);
  const dateOk = floor === null || today > floor;
  const timeOk = earliest === null || now.getTime() >= earliest;
  if (dateOk && timeOk) return null;

  // The first official window of a date after the floor that is still open once `earliest` has come.
  let date = floor !== null && floor >= today ? addLocalDays(floor, 1) : today;
  let opensAt: Date | null = null;
  for (let i = 0; i < 8 && !opensAt; i++, date = addLocalDays(date, 1)) {
    const w = officialWindow(date, tz, checkInTime);
    if (!w) continue;
    const start = Math.max(w.opensAt.getTime(), earliest ?? -Infinity);
    if (start <= w.closesAt.getTime()) opensAt = new Date(start);
  }
  /* c8 ignore next */
  if (!opensAt) throw new Error('No check-in window found in the next days');

  const at = formatLocalDateTime(opensAt, tz);
  if (last !== null && last.localDate >= today) return { reason: 'checked-in', opensAt, message: WINDOW_MESSAGES.checkedInElsewhere(at) };
  if (!dateOk) return { reason: 'settled', opensAt, message: WINDOW_MESSAGES.dayAlreadySettled(at) };
  return { reason: 'too-soon', opensAt, message: WINDOW_MESSAGES.tooSoonElsewhere(at) };
}

/** The whole window state at `now`. */
export function checkInWindow(input: WindowInput): WindowResult {
  const tz = input.timezone;
  const checkInTime = effectiveCheckInTime(input.checkInTime);
  const localDate = localDateOf(input.now, tz);
  const t = input.now.getTime();
  const official = officialWindow(localDate, tz, checkInTime);
  const isOpen = !!official && t >= official.opensAt.getTime() && t <= official.closesAt.getTime();
  const orientation = orientationState(input);
  // A new check-in (not a replacement of today's) must also pass the timezone-change rule (decision 010).
  const block = input.hasCheckInToday ? null : newCheckInBlock(input.now, tz, checkInTime, input);
  const officialNext = nextOpening(input.now, tz, checkInTime);
  const nextOpensAt = block ? block.opensAt : officialNext;

  let windowType: WindowType | null = null;
  if (block) windowType = null; // closed to new check-ins until block.opensAt
  else if (orientation.shouldShowFirstTimeCheckIn) windowType = 'orientation-first-time';
  else if (isOpen) windowType = input.hasCheckInToday ? 'edit-only' : 'official-checkin';

  const canEdit = isOpen && input.hasCheckInToday;
  const canCheckIn = windowType === 'orientation-first-time' || windowType === 'official-checkin';

  const buttonLabel: ButtonLabel =
    windowType === 'orientation-first-time'
      ? BUTTON_LABELS.firstTime
      : input.hasCheckInToday
        ? BUTTON_LABELS.update
        : BUTTON_LABELS.checkIn;

  const message = block
    ? block.message
    : windowType === 'orientation-first-time'
      ? WINDOW_MESSAGES.orientation
      : windowType === 'official-checkin'
        ? WINDOW_MESSAGES.open
        : windowType === 'edit-only'
          ? WINDOW_MESSAGES.editOnly
          : WINDOW_MESSAGES.opensAt(checkInTime);

  const countdown =
    isOpen && !block
      ? {
          target: official!.closesAt.toISOString(),
          label: input.hasCheckInToday ? COUNTDOWN_LABELS.updateEnds : COUNTDOWN_LABELS.checkInEnds,
        }
      : {
          target: nextOpensAt.toISOString(),
          // After a first check-in made before today's window, the window opening today can only update it.
          label:
            input.hasCheckInToday && localDateOf(nextOpensAt, tz) === localDate ? COUNTDOWN_LABELS.untilUpdateOpens : COUNTDOWN_LABELS.untilOpens,
        };

  // On a date without an official window (a skipped calendar day), report the next one.
  const todays = official ?? { opensAt: officialNext, closesAt: endOfLocalDay(localDateOf(officialNext, tz), tz) };

  return {
    windowState: {
      localDate,
      canCheckIn,
      canEdit,
      windowType,
      message,
      buttonLabel,
      opensAt: todays.opensAt.toISOString(),
      closesAt: todays.closesAt.toISOString(),
      isOpen,
      nextOpensAt: nextOpensAt.toISOString(),
      countdown,
    },
    orientationState: orientation,
    block,
  };
}

/**
 * How long a window state holds: checkInWindow's answer `r` for `input` is also its answer for every later `now`
 * before the returned instant (ms since the epoch) at which the local date is still `r.windowState.localDate`.
 * The answer depends on `now` only through that date and through where `now` stands against fixed instants of it:
 * today's official opening and closing, the start and end of the orientation's 24 hours, decision 010's earliest
 * instant for a new check-in, and the next official opening; it holds until the first of those after `now`. A user's
 * answer changes a few times a day, so a server may keep it between those instants instead of working it out on
 * every read (user-state `todayFromState`).
 */
export function windowHoldsUntil(input: WindowInput, r: WindowResult): number {
  const t = input.now.getTime();
  const checkInTime = effectiveCheckInTime(input.checkInTime);
  const official = officialWindow(r.windowState.localDate, input.timezone, checkInTime);
  const created = input.createdAt.getTime();
  let until = nextOpening(input.now, input.timezone, checkInTime).getTime();
  for (const at of [
    official?.opensAt.getTime(),
    official && official.closesAt.getTime() + 1,
    created,
    created + ORIENTATION_WINDOW_MS,
    earliestNewCheckIn(input.lastCheckIn ?? null),
  ]) {
    if (at != null && at > t && at < until) until = at;
  }
  return until;
}

/** Whether a submission at `now` is accepted (a new check-in, or a replacement of today's). */
export function acceptsSubmission(input: WindowInput): boolean {
  return acceptsIn(checkInWindow(input).windowState);
}

/** Whether a window state accepts a submission (a new check-in, or a replacement of today's). */
export const acceptsIn = (windowState: Pick<WindowState, 'canCheckIn' | 'canEdit'>): boolean => windowState.canCheckIn || windowState.canEdit;

// ---------------------------------------------------------------------------------------------------------
// An offline check-in's made-at instant (decision 022)
// ---------------------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------------------
// One submission (decision 030)
// ---------------------------------------------------------------------------------------------------------

/**
 * The rules of ONE check-in submission (POST /api/checkins), as one pure function: the Idempotency-Key replay, the
 * answers for the tier's mode, the journal's plan, the window (official, orientation, edit-only), the timezone-change
 * rule (decision 010), and an offline made-at instant (decision 022). The batch that commits submissions
 * (check-ins service `recordCheckIns`, driven by its `GroupCommit`) reads what this needs, calls it for each
 * submission, and writes what it accepts. Adding a rule to a check-in means changing this function and its test.
 */

/** The check-ins API's messages (spec text, once; `shared/schemas/check-ins` re-exports them). */
export const CHECK_IN_MESSAGES = {
  outsideWindow: (opensAt: string) => `Check-in is closed right now. ${opensAt}.`,
  journalTooLong: `Journal entries can be at most ${JOURNAL_MAX_LENGTH} characters`,
  journalAiCoachOnly: 'Journal entries are part of the AI Coach plan',
  checkInNotFound: 'Check-in not found',
  checkInTimeInvalid: `Check-in time must be between ${CHECK_IN_TIME_MIN} and ${CHECK_IN_TIME_MAX} in 15-minute steps`,
  checkInTimeLocked: 'The check-in time cannot be changed once the current hour is at or past your check-in hour. Try again tomorrow.',
  tipsPremiumOnly: 'Personalized tips are part of the Premium and AI Coach plans',
} as const;

/** Journal texts as stored: a field absent is left as it is; null clears it. */
export type JournalFields = Partial<Record<JournalField, string | null>>;

/** Journal text is saved only if non-empty: a blank (or missing) text becomes null. */
export const journalText = (text: string | null | undefined): string | null => (text && text.trim() ? text : null);

/** Journal texts to store, in area order. */
export function journalFieldsFrom(entries: readonly (string | null)[]): JournalFields {
  return Object.fromEntries(JOURNAL_FIELDS.map((f, i) => [f, journalText(entries[i])])) as JournalFields;
}

/** Whether journal fields (a request's or a stored row's) hold any text. */
export function hasJournalText(fields: JournalFields): boolean {
  return JOURNAL_FIELDS.some((f) => journalText(fields[f]) !== null);
}

export const IDEMPOTENCY_MESSAGES = {
  malformed: 'Idempotency-Key must be a UUID made by the client, e.g. 123e4567-e89b-42d3-a456-426614174000',
  reused: 'This Idempotency-Key was already used for a different check-in. Send a new key with a new check-in.',
} as const;

export interface SubmissionInput {
  /** The submission's instant (the server's clock when it arrived). */
  now: Date;
  /** The user as their locked row stands, with the tier in force at `now`; `timezone` is one this runtime knows. */
  user: { tier: Tier; timezone: string; checkInTime: string | null; createdAt: Date; firstCheckInCompleted: boolean };
  /** What was sent. */
  body: { answers: readonly (boolean | number)[]; journalEntries?: readonly (string | null)[] | undefined; madeAt?: string | undefined };
  /** With an Idempotency-Key: the request's hash, and the answer stored for that key if it was seen before. */
  key?: { hash: string; seen?: { requestHash: string; statusCode: number; response: unknown } | undefined } | undefined;
  /** The user's latest check-in (any date), or null. */
  latest: { localDate: LocalDate; createdAt: Date } | null;
  /** Whether the user has a check-in on their local date at `now` (the latest may be later: a zone moved west). */
  hasCheckInToday: boolean;
  /** The last local date the streak engine settled, or null. */
  settledThrough: LocalDate | null;
}

export type SubmissionDecision<R = unknown> =
  /** The key was seen with the same body: the first answer again, nothing written. */
  | { kind: 'replay'; statusCode: number; response: R }
  /** A rule refused it: the status and a message the person can act on; nothing written. */
  | { kind: 'refused'; status: 400 | 403 | 409 | 422; message: string; details?: Record<string, unknown> }
  /** The row to write: for `localDate`, in `timezone`, with these scores (and the journal, when sent on the AI Coach plan). */
  | { kind: 'accepted'; localDate: LocalDate; timezone: string; areaScores: AreaScores; score: number; journal: JournalFields | undefined };

/**
 * The check-in window's input for a user at `now`, from what the server reads of them: a submission's locked row
 * (decideCheckIn) and the user-state read (GET /api/checkins/today) build it here, the same way.
 */
export function userWindowInput(
  input: Pick<SubmissionInput, 'now' | 'latest' | 'hasCheckInToday' | 'settledThrough'> & { user: Omit<SubmissionInput['user'], 'tier'> },
): WindowInput {
  return {
    now: input.now,
    timezone: input.user.timezone,
    checkInTime: effectiveCheckInTime(input.user.checkInTime),
    createdAt: input.user.createdAt,
    hasAnyCheckIn: input.latest !== null,
    firstCheckInCompleted: input.user.firstCheckInCompleted,
    hasCheckInToday: input.hasCheckInToday,
    lastCheckIn: input.latest ? { localDate: input.latest.localDate, createdAt: input.latest.createdAt } : null,
    settledThrough: input.settledThrough,
  };
}

/** The user's local date at `now`: the date a check-in made now counts for (a late offline one aside). */
export const submissionDateOf = (now: Date, timezone: string): LocalDate => localDateOf(now, timezone);

/** Decides one submission: replay, refusal or the row to write. Pure: reads nothing, writes nothing. */
export function decideCheckIn<R = unknown>(input: SubmissionInput): SubmissionDecision<R> {
  const { body, key, now, user } = input;
  if (key?.seen) {
    // Looked up before any rule: a retry answers what the first submission got, even if the tier (and with it the
    // answer mode or the journal right) changed in between.
    if (key.seen.requestHash !== key.hash) return { kind: 'refused', status: 422, message: IDEMPOTENCY_MESSAGES.reused };
    return { kind: 'replay', statusCode: key.seen.statusCode, response: key.seen.response as R };
  }
  const mode = answerModeForTier(user.tier);
  const problem = answersProblem(body.answers, mode);
  if (problem) return { kind: 'refused', status: 400, message: problem };
  const journal = body.journalEntries ? journalFieldsFrom(body.journalEntries) : undefined;
  if (journal && hasJournalText(journal) && !hasAiCoach(user.tier)) {
    return { kind: 'refused', status: 403, message: CHECK_IN_MESSAGES.journalAiCoachOnly };
  }
  const { areaScores, score } = scoreAnswers(body.answers, mode);

  const windowInput = userWindowInput(input);
  const w = checkInWindow(windowInput);
  const made = body.madeAt ? checkMadeAt(new Date(body.madeAt), now, windowInput) : null;
  if (made && !made.ok) return { kind: 'refused', status: 400, message: made.message };
  // A late offline check-in: its own date (checked above), past the timezone-change rule (decision 022).
  const late = made?.ok === true && made.late;
  if (!late && !acceptsIn(w.windowState)) {
    // Decision 010's refusal is a whole sentence of its own; a closed window says when it opens.
    return {
      kind: 'refused',
      status: 409,
      message: w.block ? w.block.message : CHECK_IN_MESSAGES.outsideWindow(w.windowState.message),
      details: { windowState: w.windowState },
    };
  }
  return {
    kind: 'accepted',
    localDate: late ? made.localDate : submissionDateOf(now, user.timezone),
    timezone: user.timezone,
    areaScores,
    score,
    // Only the AI Coach plan keeps a journal: another tier's (empty) fields are not written.
    journal: hasAiCoach(user.tier) ? journal : undefined,
  };
}
