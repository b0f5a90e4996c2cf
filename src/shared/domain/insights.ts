import { AREAS, type Area, mean } from './scoring';
import { addLocalDays, type LocalDate } from './dates';

/** Dashboard and category insights. Every threshold of the spec is defined here once. */

/** Score colours (percent): 95+ teal, 70+ green, 30+ yellow, 5+ orange, below 5 red. The gauge uses the same. */
export const SCORE_COLOR_BANDS = [
  { min: 95, color: 'teal' },
  { min: 70, color: 'green' },
  { min: 30, color: 'yellow' },
  { min: 5, color: 'orange' },
  { min: -Infinity, color: 'red' },
] as const;
export type ScoreColor = (typeof SCORE_COLOR_BANDS)[number]['color'];
export function scoreColor(percent: number): ScoreColor {
  return SCORE_COLOR_BANDS.find((b) => percent >= b.min)!.color;
}

/**
 * The words beside a score, one per colour band, so the word and the colour always agree (issue 30). The yellow
 * band reads as progress ("On the way"), not as a warning.
 */
export const SCORE_BAND_WORDS: Record<ScoreColor, string> = {
  teal: 'Excellent',
  green: 'Going well',
  yellow: 'On the way',
  orange: 'Getting started',
  red: 'Not yet',
};
export const scoreWord = (percent: number): string => SCORE_BAND_WORDS[scoreColor(percent)];

/** The periods a figure can cover; every figure on screen says which (issue 30). */
export const PERIOD_LABELS = { allTime: 'all time', last7Days: 'last 7 days', today: 'today' } as const;

/** Written summary bands (overall percent): 80+ excellent, 70 very good, 60 good, 50 progress. */
export const SUMMARY_BANDS = [
  { min: 80, band: 'excellent', label: 'Excellent' },
  { min: 70, band: 'very-good', label: 'Very good' },
  { min: 60, band: 'good', label: 'Good' },
  { min: 50, band: 'progress', label: 'Making progress' },
  { min: -Infinity, band: 'needs-attention', label: 'Needs attention' },
] as const;
export type SummaryBand = (typeof SUMMARY_BANDS)[number]['band'];
export function summaryBand(percent: number): SummaryBand {
  return SUMMARY_BANDS.find((b) => percent >= b.min)!.band;
}

/** Areas scoring 0.7 or more are strengths; below 0.5 weak. */
export const STRENGTH_THRESHOLD = 0.7;
export const WEAK_THRESHOLD = 0.5;
export function strengthsAndWeakAreas(scores: Partial<Record<Area, number | null>>): { strengths: Area[]; weak: Area[] } {
  const strengths: Area[] = [];
  const weak: Area[] = [];
  for (const a of AREAS) {
    const s = scores[a];
    if (s === null || s === undefined) continue;
    if (s >= STRENGTH_THRESHOLD) strengths.push(a);
    else if (s < WEAK_THRESHOLD) weak.push(a);
  }
  return { strengths, weak };
}

/**
 * Success-rate levels (percent) for category insights and tips: 80+ excellent, 60+ good, 40+ fair,
 * 20+ poor, below 20 critical.
 */
export const SUCCESS_RATE_LEVELS = [
  { min: 80, level: 'excellent' },
  { min: 60, level: 'good' },
  { min: 40, level: 'fair' },
  { min: 20, level: 'poor' },
  { min: -Infinity, level: 'critical' },
] as const;
export type Level = (typeof SUCCESS_RATE_LEVELS)[number]['level'];
export const LEVELS: readonly Level[] = ['critical', 'poor', 'fair', 'good', 'excellent'];
export function successRateLevel(percent: number): Level {
  return SUCCESS_RATE_LEVELS.find((b) => percent >= b.min)!.level;
}

/** A trend is up or down when today's score differs from the week's earlier average by 0.2 or more. */
export const TREND_THRESHOLD = 0.2;
export const TREND_DAYS = 7;
export type Trend = 'up' | 'down' | 'stable' | 'waiting';

export interface DatedAreaScores {
  date: LocalDate;
  scores: Record<Area, number>;
}

/**
 * Trend of one area over the last 7 local dates ending today: 'waiting' with no check-in today; otherwise today's
 * score compared with the average of the earlier days of that week (stable when there are none).
 */
export function areaTrend(history: readonly DatedAreaScores[], area: Area, today: LocalDate): Trend {
  const first = addLocalDays(today, -(TREND_DAYS - 1));
  const week = history.filter((h) => h.date >= first && h.date <= today);
  const todays = week.find((h) => h.date === today);
  if (!todays) return 'waiting';
  const earlier = week.filter((h) => h.date < today).map((h) => h.scores[area]);
  if (!earlier.length) return 'stable';
  const diff = todays.scores[area] - mean(earlier);
  // Rounded to avoid 0.19999… from floating point deciding the band.
  const d = Math.round(diff * 1e9) / 1e9;
  if (d >= TREND_THRESHOLD) return 'up';
  if (d <= -TREND_THRESHOLD) return 'down';
  return 'stable';
}

/**
 * One area's average over the checked-in days among the last 7 local dates ending today (0..1), or null when none
 * of them has a check-in: the "last 7 days" figure, shown all day whether or not today is done yet.
 */
export function lastDaysAverage(history: readonly DatedAreaScores[], area: Area, today: LocalDate, days = TREND_DAYS): number | null {
  const first = addLocalDays(today, -(days - 1));
  const week = history.filter((h) => h.date >= first && h.date <= today).map((h) => h.scores[area]);
  return week.length ? mean(week) : null;
}

export function weeklyTrends(history: readonly DatedAreaScores[], today: LocalDate): Record<Area, Trend> {
  return Object.fromEntries(AREAS.map((a) => [a, areaTrend(history, a, today)])) as Record<Area, Trend>;
}
