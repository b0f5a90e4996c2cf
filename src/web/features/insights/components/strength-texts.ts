/** What the strength score is, in the two sentences the dialog says (issue 28). */
export const STRENGTH_EXPLAINED = [
  'Strength follows how steadily you check in: each day moves it a little, and recent days count most.',
  'A missed day lowers it a little; a shield or a rest day keeps it.',
] as const;
