import { scoreColor, type ScoreColor } from '@shared/domain/insights';

/**
 * Class names for the score colour bands of spec part 1 §9 (95 teal, 70 green, 30 yellow, 5 orange, below red),
 * each with AA contrast on the surface colour in both themes. The bands themselves live in shared/domain.
 */
const TEXT: Record<ScoreColor, string> = {
  teal: 'text-teal-700 dark:text-teal-300',
  green: 'text-green-700 dark:text-green-300',
  yellow: 'text-yellow-800 dark:text-yellow-300',
  orange: 'text-orange-700 dark:text-orange-300',
  red: 'text-red-700 dark:text-red-300',
};
const STROKE: Record<ScoreColor, string> = {
  teal: 'stroke-teal-600 dark:stroke-teal-300',
  green: 'stroke-green-600 dark:stroke-green-400',
  yellow: 'stroke-yellow-500 dark:stroke-yellow-300',
  orange: 'stroke-orange-500 dark:stroke-orange-400',
  red: 'stroke-red-600 dark:stroke-red-400',
};
const BG: Record<ScoreColor, string> = {
  teal: 'bg-teal-600 dark:bg-teal-300',
  green: 'bg-green-600 dark:bg-green-400',
  yellow: 'bg-yellow-500 dark:bg-yellow-300',
  orange: 'bg-orange-500 dark:bg-orange-400',
  red: 'bg-red-600 dark:bg-red-400',
};

export const scoreTextClass = (percent: number): string => TEXT[scoreColor(percent)];
export const scoreStrokeClass = (percent: number): string => STROKE[scoreColor(percent)];
export const scoreBgClass = (percent: number): string => BG[scoreColor(percent)];
