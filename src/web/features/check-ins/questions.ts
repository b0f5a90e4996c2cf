import type { Area } from '@shared/domain/scoring';

/** The question asked for each area, written for Big 7 (yes/no form and the 5-point form). */
export const QUESTIONS: Record<Area, { yesNo: string; scale: string; hint: string }> = {
  rest: {
    yesNo: 'Did you get enough rest and sleep today?',
    scale: 'How well rested do you feel today?',
    hint: 'Think about last night’s sleep and any breaks you took.',
  },
  exercise: {
    yesNo: 'Did you move your body today?',
    scale: 'How well did you move your body today?',
    hint: 'A walk, a workout, stretching or active chores all count.',
  },
  nutrition: {
    yesNo: 'Did you eat and drink in a way that nourished you today?',
    scale: 'How well did you nourish yourself today?',
    hint: 'Regular meals, fruit and vegetables, enough water.',
  },
  goals: {
    yesNo: 'Did you make progress on something that matters to you today?',
    scale: 'How much progress did you make on your goals today?',
    hint: 'Big or small: a step forward at work, at home or for yourself.',
  },
  boundaries: {
    yesNo: 'Did you protect your time and energy today?',
    scale: 'How well did you protect your time and energy today?',
    hint: 'Saying no when you needed to, taking time for yourself.',
  },
  connection: {
    yesNo: 'Did you connect with someone you care about today?',
    scale: 'How connected did you feel to others today?',
    hint: 'A conversation, a message, time together.',
  },
  joy: {
    yesNo: 'Did you do something that brought you joy today?',
    scale: 'How much joy did you feel today?',
    hint: 'A moment of fun, gratitude, play or calm.',
  },
};

export { SCALE_OPTIONS, scaleOption } from '@web/lib/check-ins';

/** Auto-advance after an answer (spec part 2 §9): yes/no 500 ms, the emoji scale 300 ms. */
export const AUTO_ADVANCE_MS = { boolean: 500, scale: 300 } as const;
/** After the first-ever check-in the app is reloaded onto the dashboard after 1 s. */
export const FIRST_CHECK_IN_REDIRECT_MS = 1_000;
/** A submission stored on the device (issue 25): its message stays in view this long, then the dashboard opens. */
export const QUEUED_REDIRECT_MS = 2_000;
/** After a milestone reward the dashboard (which shows the reward modal) opens after 500 ms. */
export const MILESTONE_REDIRECT_MS = 500;

/** Spec part 2 §8: the check-in error texts. */
export const CHECK_IN_ERRORS = {
  title: 'Check-in Failed',
  fallback: 'Failed to update check-in',
  invalidTime: 'There was an issue processing your check-in. Please try again.',
} as const;

export function checkInErrorText(serverMessage: string | undefined | null): string {
  const msg = serverMessage?.trim();
  if (!msg) return CHECK_IN_ERRORS.fallback;
  if (/invalid time value/i.test(msg)) return CHECK_IN_ERRORS.invalidTime;
  return msg;
}

export type Answer = boolean | number;
