import { formatWallTime12h } from '@shared/domain/dates';
import type { TodayResponse } from '@shared/schemas/check-ins';

export const CHECKED_IN_NOTES = {
  updateFrom: (checkInTime: string) => `You can update today’s check-in from ${formatWallTime12h(checkInTime)}.`,
  seeYouTomorrow: 'You’ve checked in today. See you tomorrow!',
} as const;

type NoteInput = Pick<TodayResponse, 'hasCheckedInToday' | 'checkInTime'> & {
  windowState: Pick<TodayResponse['windowState'], 'canCheckIn' | 'canEdit' | 'opensAt' | 'nextOpensAt'>;
};

/**
 * The line under the closed check-in card for a user who has checked in today, from the server's window state.
 * A first (orientation) check-in made before the check-in time can still be updated when today's window opens:
 * the server's next opening is then today's (nextOpensAt equals today's opensAt). Once today's window is over
 * the next opening is tomorrow's. Null when there is nothing to add (not checked in, or the window is open).
 */
export function checkedInNote({ hasCheckedInToday, checkInTime, windowState }: NoteInput): string | null {
  if (!hasCheckedInToday || windowState.canCheckIn || windowState.canEdit) return null;
  const todaysWindowAhead = windowState.nextOpensAt === windowState.opensAt;
  return todaysWindowAhead ? CHECKED_IN_NOTES.updateFrom(checkInTime) : CHECKED_IN_NOTES.seeYouTomorrow;
}
