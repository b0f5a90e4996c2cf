import type { Query, QueryClient } from '@tanstack/react-query';

/**
 * What the check-in flow, the dashboard, the insights and the streak screens share about check-ins (features never
 * import each other's screens): the key every check-in read sits under (today's status and the history, each in
 * its own file under features/check-ins/api/, and this device's queued check-ins), the refresh after a check-in,
 * the moment handed to the dashboard and the answer scale.
 */
export const CHECK_INS_KEY = ['checkins'] as const;

/**
 * Marks a query whose answer is derived from the user's check-ins (tips, insights, streak, rewards…), so that
 * a check-in or an edit refreshes it. A feature adds it to its queryOptions (`meta: CHECK_IN_DERIVED`) and
 * keeps its own key; nothing else has to know about that query.
 */
export const CHECK_IN_DERIVED = { derivedFrom: 'check-ins' } as const;

/** Today's status, the history, and every query marked CHECK_IN_DERIVED. */
export const isCheckInQuery = (query: Pick<Query, 'queryKey' | 'meta'>): boolean =>
  query.queryKey[0] === CHECK_INS_KEY[0] || query.meta?.derivedFrom === CHECK_IN_DERIVED.derivedFrom;

/** After a check-in (or an edit) every check-in derived view is refetched (the ones on screen now, the rest when next shown). */
export function invalidateCheckIns(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ predicate: isCheckInQuery });
}

/**
 * Session flag set by the check-in flow when it hands over to the dashboard. Spec part 1 §4.9's 1.5 s
 * post-check-in loading screen is replaced by the moment after a check-in (decision 020): the dashboard shows
 * the celebration and the score's count-up instead of an overlay that would hide them.
 */
export const JUST_CHECKED_IN_FLAG = 'big7_just_checked_in';

/** The 5-point scale (values 0..4) with the words a screen reader speaks for each emoji. */
export const SCALE_OPTIONS = [
  { value: 0, emoji: '😞', label: 'Very poor' },
  { value: 1, emoji: '😕', label: 'Poor' },
  { value: 2, emoji: '😐', label: 'Okay' },
  { value: 3, emoji: '🙂', label: 'Good' },
  { value: 4, emoji: '😄', label: 'Excellent' },
] as const;

export function scaleOption(value: number) {
  return SCALE_OPTIONS.find((o) => o.value === value) ?? SCALE_OPTIONS[0];
}

/**
 * What the check-in flow hands to the dashboard for the moment after a check-in (issue 15): the check-in
 * response's own news (first check-in, a milestone's celebration, an edit) and today's score. Kept in
 * sessionStorage for the one navigation (a first check-in reloads the page), taken once by the dashboard.
 */
export const CHECK_IN_MOMENT_KEY = 'big7_check_in_moment';
export interface CheckInMoment {
  isFirstCheckIn: boolean;
  replaced: boolean;
  /** Today's check-in score, 0..1. */
  score: number;
  celebration: { message: string } | null;
  /** Stored on this device, not yet on the server (issue 25): the moment says it will sync. */
  queued?: boolean;
  /** The day checked in (YYYY-MM-DD, the user's local date): the last of the moment's seven dots. */
  date?: string | null;
  /** The streak after the check-in (the server's; for a queued one, the cached streak plus today), null if unknown. */
  streak?: number | null;
  /** The overall score (%) before this check-in, when it was known: the dashboard's score moves from it (issue 30). */
  previousOverall?: number | null;
  /** The milestone reward this check-in earned, if any: offered after the moment's celebration. */
  rewardType?: string | null;
}

export function saveCheckInMoment(moment: CheckInMoment, store: Storage | undefined = globalThis.sessionStorage): void {
  try {
    store?.setItem(CHECK_IN_MOMENT_KEY, JSON.stringify(moment));
  } catch {
    // Storage full or blocked: the dashboard simply shows no moment.
  }
}

/**
 * Reads the moment without removing it. A render may be thrown away and run again (a lazy screen suspending on
 * the first load), so a screen reads it while rendering and forgets it in an effect (`forgetCheckInMoment`).
 */
export function peekCheckInMoment(store: Storage | undefined = globalThis.sessionStorage): CheckInMoment | null {
  try {
    const raw = store?.getItem(CHECK_IN_MOMENT_KEY);
    if (!raw) return null;
    const { queued, ...v } = JSON.parse(raw) as Partial<CheckInMoment>;
    if (typeof v.score !== 'number') return null;
    // The optional parts (date, streak, previousOverall, rewardType) as this tab's check-in flow wrote them.
    return {
      ...v,
      isFirstCheckIn: v.isFirstCheckIn === true,
      replaced: v.replaced === true,
      score: v.score,
      celebration: v.celebration && typeof v.celebration.message === 'string' ? { message: v.celebration.message } : null,
      ...(queued === true ? { queued } : {}),
    };
  } catch {
    return null;
  }
}

/** Forgets the moment once a screen has shown it (called from an effect, after the render is committed). */
export function forgetCheckInMoment(store: Storage | undefined = globalThis.sessionStorage): void {
  try {
    store?.removeItem(CHECK_IN_MOMENT_KEY);
  } catch {
    // Storage blocked: nothing to forget.
  }
}

/** Reads the moment and forgets it (handed over once). */
export function takeCheckInMoment(store: Storage | undefined = globalThis.sessionStorage): CheckInMoment | null {
  const moment = peekCheckInMoment(store);
  forgetCheckInMoment(store);
  return moment;
}
