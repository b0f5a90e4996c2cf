import { usesScale, type Tier } from './tiers';

/** The seven wellbeing areas, in the product's fixed order. */
export const AREAS = ['rest', 'exercise', 'nutrition', 'goals', 'boundaries', 'connection', 'joy'] as const;
export type Area = (typeof AREAS)[number];

export const AREA_LABELS: Record<Area, string> = {
  rest: 'Rest',
  exercise: 'Exercise',
  nutrition: 'Nutrition',
  goals: 'Goals',
  boundaries: 'Boundaries',
  connection: 'Connection',
  joy: 'Joy',
};

export const isArea = (v: string): v is Area => (AREAS as readonly string[]).includes(v);

/** A check-in's score field for an area (`restScore` … `joyScore`): its DTO key and its table column's property. */
export type AreaScoreKey = `${Area}Score`;
export const areaScoreKey = (area: Area): AreaScoreKey => `${area}Score`;
/** The seven score fields, in area order. */
export const AREA_SCORE_KEYS: readonly AreaScoreKey[] = AREAS.map(areaScoreKey);

/** One value per area, in area order: `{ rest: f('rest'), … }`. */
export function byArea<T>(f: (area: Area) => T): Record<Area, T> {
  return Object.fromEntries(AREAS.map((a) => [a, f(a)])) as Record<Area, T>;
}

/** One value per area's score field, in area order: `{ restScore: f('rest'), … }`. */
export function byAreaScoreKey<T>(f: (area: Area) => T): Record<AreaScoreKey, T> {
  return Object.fromEntries(AREAS.map((a) => [areaScoreKey(a), f(a)])) as Record<AreaScoreKey, T>;
}

/**
 * Scoring (DECISIONS: "Free-tier answers are yes/no (area score 1 or 0); premium and ai-coach answers are 0..4
 * (area score value/4). Stored area scores are 0..1; a check-in's score is the mean of its seven areas. The
 * overall score is the mean over all check-ins, shown as a rounded percentage.")
 */

export type AnswerMode = 'boolean' | 'scale';
export const SCALE_MIN = 0;
export const SCALE_MAX = 4;
export const ANSWER_COUNT = AREAS.length;

export type BooleanAnswers = boolean[];
export type ScaleAnswers = number[];
export type Answers = BooleanAnswers | ScaleAnswers;
export type AreaScores = Record<Area, number>;

/** The answer mode for a tier: yes/no for free and ad-free, the 0..4 scale otherwise. */
export const answerModeForTier = (tier: Tier): AnswerMode => (usesScale(tier) ? 'scale' : 'boolean');

export const ANSWER_MESSAGES = {
  count: `Answer all ${ANSWER_COUNT} questions (one answer per area, in order)`,
  boolean: 'Your plan answers each question with yes or no: send 7 answers of true or false',
  scale: 'Your plan answers each question on the 5-point scale: send 7 whole numbers from 0 to 4',
} as const;

/** Why these answers do not fit the mode, or null when they do. */
export function answersProblem(answers: readonly unknown[], mode: AnswerMode): string | null {
  if (answers.length !== ANSWER_COUNT) return ANSWER_MESSAGES.count;
  if (mode === 'boolean') return answers.every((a) => typeof a === 'boolean') ? null : ANSWER_MESSAGES.boolean;
  return answers.every((a) => typeof a === 'number' && Number.isInteger(a) && a >= SCALE_MIN && a <= SCALE_MAX)
    ? null
    : ANSWER_MESSAGES.scale;
}

/** The 0..1 score of one answer. */
export function answerScore(answer: boolean | number): number {
  return typeof answer === 'boolean' ? (answer ? 1 : 0) : answer / SCALE_MAX;
}

export const mean = (xs: readonly number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** Area scores (0..1) and the check-in score (their mean) for answers already checked by answersProblem. */
export function scoreAnswers(answers: readonly (boolean | number)[], mode: AnswerMode): { areaScores: AreaScores; score: number } {
  const problem = answersProblem(answers, mode);
  if (problem) throw new Error(problem);
  const areaScores = Object.fromEntries(AREAS.map((a, i) => [a, answerScore(answers[i]!)])) as AreaScores;
  return { areaScores, score: checkInScore(areaScores) };
}

/** A check-in's score: the mean of its seven area scores (0..1). */
export const checkInScore = (areaScores: AreaScores): number => mean(AREAS.map((a) => areaScores[a]));

/** Older stored values are 0..100: values above 1 are divided by 100 when read. Clamped to 0..1. */
export function normalizeStoredScore(v: number | null | undefined): number {
  if (v === null || v === undefined || !Number.isFinite(v)) return 0;
  const x = v > 1 ? v / 100 : v;
  return Math.min(1, Math.max(0, x));
}

/** A 0..1 score as a rounded percentage. */
export const toPercent = (score: number): number => Math.round(score * 100);

/** The overall score: the mean of the check-ins' scores (0..1 each), as a rounded percentage; null with none. */
export function overallScorePercent(scores: readonly number[]): number | null {
  return scores.length ? toPercent(mean(scores)) : null;
}

/** Per-area mean (0..1) over check-ins; null for each area when there are none. */
export function areaAverages(checkIns: readonly AreaScores[]): Record<Area, number | null> {
  return Object.fromEntries(AREAS.map((a) => [a, checkIns.length ? mean(checkIns.map((c) => c[a])) : null])) as Record<
    Area,
    number | null
  >;
}

/** Each area's icon (the tiles, the trends, the category pages). */
export const AREA_ICONS: Record<Area, string> = {
  rest: '😴',
  exercise: '🏃',
  nutrition: '🥗',
  goals: '🎯',
  boundaries: '🧱',
  connection: '🤝',
  joy: '😊',
};
