/** Journal fields of a check-in, without zod (the client imports them from here; the schemas re-export them). */
export const JOURNAL_MAX_LENGTH = 280;
export const JOURNAL_FIELDS = [
  'restJournal',
  'exerciseJournal',
  'nutritionJournal',
  'goalsJournal',
  'boundariesJournal',
  'connectionJournal',
  'joyJournal',
] as const;
export type JournalField = (typeof JOURNAL_FIELDS)[number];
