import { acceptsIn, checkInWindow, effectiveCheckInTime, type WindowInput } from './check-in-window';
import { localDateOf, type LocalDate } from './dates';
import { JOURNAL_FIELDS, type JournalField } from './journal';
import { checkMadeAt } from './offline-check-in';
import { answerModeForTier, answersProblem, scoreAnswers, type AreaScores } from './scoring';
import { hasAiCoach, type Tier } from './tiers';
import { CHECK_IN_MESSAGES } from '../schemas/check-ins';

/**
 * The rules of ONE check-in submission (POST /api/checkins), as one pure function: the Idempotency-Key replay, the
 * answers for the tier's mode, the journal's plan, the window (official, orientation, edit-only), the timezone-change
 * rule (decision 010), and an offline made-at instant (decision 022). The batch that commits submissions
 * (check-ins service `recordCheckIns`, driven by db/group-commit.ts) reads what this needs, calls it for each
 * submission, and writes what it accepts. Adding a rule to a check-in means changing this function and its test.
 */

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
  /** The row to write: for `localDate`, in `timezone`, with these scores (and the journal, when sent). */
  | { kind: 'accepted'; localDate: LocalDate; timezone: string; areaScores: AreaScores; score: number; journal: JournalFields | undefined };

/** The check-in window's input for the submission's user at `now`. */
export function submissionWindowInput(input: Omit<SubmissionInput, 'body' | 'key'>): WindowInput {
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

  const windowInput = submissionWindowInput(input);
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
    journal,
  };
}
