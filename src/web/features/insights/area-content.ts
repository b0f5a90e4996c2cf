import type { Area } from '@shared/domain/scoring';
import type { Level, Trend } from '@shared/domain/insights';

/** What each area means, written for Big 7 (the category screen's about text). */
export const AREA_ABOUT: Record<Area, string> = {
  rest: 'Rest is sleep and recovery: enough hours of good-quality sleep, and short breaks during the day that let your body and mind recharge. It affects your mood, focus and every other area.',
  exercise: 'Exercise is any movement that gets your body working: walking, sport, stretching, active chores. Regular movement lifts your energy, sleep and mood, and it does not need to be intense to count.',
  nutrition: 'Nutrition is how well you fuel yourself: regular meals, plenty of fruit and vegetables, enough water, and noticing how food makes you feel.',
  goals: 'Goals are the things that matter to you, at work, at home or for yourself. Making even a small step of progress each day builds confidence and a sense of direction.',
  boundaries: 'Boundaries protect your time, energy and values: saying no when you need to, switching off from work, and making room for yourself without guilt.',
  connection: 'Connection is your relationships: time, conversations and support shared with the people you care about. Feeling connected is one of the strongest foundations of wellbeing.',
  joy: 'Joy is the moments that make life feel good: play, fun, gratitude, beauty, calm. Making space for joy on purpose keeps stress in proportion.',
};

/** The insight line for an area's success rate (80 / 60 / 40 / 20 % thresholds live in shared/domain). */
export const LEVEL_INSIGHT: Record<Level, (area: string, pct: number) => string> = {
  excellent: (a, p) => `${a} is one of your strongest areas at ${p}%. Your habits here are working.`,
  good: (a, p) => `${a} is going well at ${p}%. A little consistency will make it a real strength.`,
  fair: (a, p) => `${a} is at ${p}%, good on some days and not on others. Look at what your better days have in common.`,
  poor: (a, p) => `${a} is at ${p}%. One small daily action can move it quickly.`,
  critical: (a, p) => `${a} is at ${p}%. Start with the smallest possible step today — it all counts.`,
};

export const LEVEL_LABELS: Record<Level, string> = {
  excellent: 'Excellent',
  good: 'Good',
  fair: 'Fair',
  poor: 'Poor',
  critical: 'Needs care',
};

export const TREND_TEXT: Record<Trend, { label: string; symbol: string; description: string }> = {
  up: { label: 'Improving', symbol: '↑', description: 'Today is at least 20 points above your average for the rest of the week.' },
  down: { label: 'Declining', symbol: '↓', description: 'Today is at least 20 points below your average for the rest of the week.' },
  stable: { label: 'Stable', symbol: '→', description: 'Today is within 20 points of your average for the rest of the week.' },
  waiting: { label: 'Today pending', symbol: '…', description: 'Today’s check-in is still to come: the trend follows it.' },
};
