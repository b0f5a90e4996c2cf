import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answerModeForTier,
  answersProblem,
  areaAverages,
  normalizeStoredScore,
  overallScorePercent,
  scoreAnswers,
  AREAS,
} from './scoring';
import {
  areaTrend,
  scoreColor,
  strengthsAndWeakAreas,
  successRateLevel,
  summaryBand,
  type DatedAreaScores,
  LEVELS,
} from './insights';
import { TIPS, tipFor } from './tips';

describe('scoring', () => {
  it('derives the answer mode from the tier', () => {
    expect(answerModeForTier('free')).toBe('boolean');
    expect(answerModeForTier('ad-free')).toBe('boolean');
    expect(answerModeForTier('premium')).toBe('scale');
    expect(answerModeForTier('ai-coach')).toBe('scale');
  });

  it('scores yes/no as 1/0 and the scale as value/4; the check-in score is the mean of seven', () => {
    const free = scoreAnswers([true, false, true, true, false, false, true], 'boolean');
    expect(free.areaScores).toEqual({ rest: 1, exercise: 0, nutrition: 1, goals: 1, boundaries: 0, connection: 0, joy: 1 });
    expect(free.score).toBeCloseTo(4 / 7);
    const scale = scoreAnswers([0, 1, 2, 3, 4, 4, 0], 'scale');
    expect(scale.areaScores).toEqual({ rest: 0, exercise: 0.25, nutrition: 0.5, goals: 0.75, boundaries: 1, connection: 1, joy: 0 });
    expect(scale.score).toBeCloseTo(3.5 / 7);
  });

  it('property: scores stay within 0..1 and equal the mean of the answers', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 7, maxLength: 7 }), (answers) => {
        const { score, areaScores } = scoreAnswers(answers, 'scale');
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
        expect(score).toBeCloseTo(answers.reduce((a, b) => a + b, 0) / 28);
        AREAS.forEach((a, i) => expect(areaScores[a]).toBe(answers[i]! / 4));
      }),
    );
  });

  it('rejects answers that do not fit the mode', () => {
    expect(answersProblem([true, true, true, true, true, true], 'boolean')).toMatch(/all 7/);
    expect(answersProblem([1, 1, 1, 1, 1, 1, 1], 'boolean')).toMatch(/yes or no/);
    expect(answersProblem([true, true, true, true, true, true, true], 'scale')).toMatch(/0 to 4/);
    expect(answersProblem([0, 1, 2, 3, 4, 5, 0], 'scale')).toMatch(/0 to 4/);
    expect(answersProblem([0, 1, 2, 3, 4, 1.5, 0], 'scale')).toMatch(/0 to 4/);
    expect(answersProblem([0, 1, 2, 3, 4, 4, 0], 'scale')).toBeNull();
    expect(() => scoreAnswers([1, 1, 1, 1, 1, 1, 1], 'boolean')).toThrow();
  });

  it('reads older 0..100 values as percentages', () => {
    expect(normalizeStoredScore(75)).toBe(0.75);
    expect(normalizeStoredScore(100)).toBe(1);
    expect(normalizeStoredScore(1)).toBe(1);
    expect(normalizeStoredScore(0.5)).toBe(0.5);
    expect(normalizeStoredScore(null)).toBe(0);
  });

  it('overall score: mean over all check-ins as a rounded percentage', () => {
    expect(overallScorePercent([])).toBeNull();
    expect(overallScorePercent([1, 0.5, 0])).toBe(50);
    expect(overallScorePercent([4 / 7, 5 / 7])).toBe(64);
    const avg = areaAverages([
      { rest: 1, exercise: 0, nutrition: 0.5, goals: 1, boundaries: 1, connection: 0, joy: 0.25 },
      { rest: 0, exercise: 0, nutrition: 1, goals: 1, boundaries: 0.5, connection: 1, joy: 0.75 },
    ]);
    expect(avg).toEqual({ rest: 0.5, exercise: 0, nutrition: 0.75, goals: 1, boundaries: 0.75, connection: 0.5, joy: 0.5 });
  });
});

describe('insights', () => {
  it('colour bands 95/70/30/5', () => {
    expect([100, 95, 94, 70, 69, 30, 29, 5, 4, 0].map(scoreColor)).toEqual([
      'teal', 'teal', 'green', 'green', 'yellow', 'yellow', 'orange', 'orange', 'red', 'red',
    ]);
  });

  it('summary bands 80/70/60/50', () => {
    expect([80, 79, 70, 69, 60, 59, 50, 49].map(summaryBand)).toEqual([
      'excellent', 'very-good', 'very-good', 'good', 'good', 'progress', 'progress', 'needs-attention',
    ]);
  });

  it('strengths at 0.7 or more, weak below 0.5', () => {
    expect(strengthsAndWeakAreas({ rest: 0.7, exercise: 0.69, nutrition: 0.5, goals: 0.49, boundaries: null, connection: 1, joy: 0 })).toEqual({
      strengths: ['rest', 'connection'],
      weak: ['goals', 'joy'],
    });
  });

  it('success-rate levels 80/60/40/20', () => {
    expect([80, 79, 60, 59, 40, 39, 20, 19, 0].map(successRateLevel)).toEqual([
      'excellent', 'good', 'good', 'fair', 'fair', 'poor', 'poor', 'critical', 'critical',
    ]);
  });

  it('trends: waiting without today, up/down at a 0.2 difference from the week’s earlier average', () => {
    const day = (date: string, rest: number): DatedAreaScores => ({
      date,
      scores: { rest, exercise: 0, nutrition: 0, goals: 0, boundaries: 0, connection: 0, joy: 0 },
    });
    const today = '2026-03-10';
    expect(areaTrend([day('2026-03-09', 0.5)], 'rest', today)).toBe('waiting');
    expect(areaTrend([day(today, 0.5)], 'rest', today)).toBe('stable');
    expect(areaTrend([day('2026-03-08', 0.25), day('2026-03-09', 0.25), day(today, 0.5)], 'rest', today)).toBe('up');
    expect(areaTrend([day('2026-03-09', 0.5), day(today, 0.25)], 'rest', today)).toBe('down');
    expect(areaTrend([day('2026-03-09', 0.4), day(today, 0.5)], 'rest', today)).toBe('stable');
    expect(areaTrend([day('2026-03-09', 0.3), day(today, 0.5)], 'rest', today)).toBe('up');
    // Older than 7 days does not count.
    expect(areaTrend([day('2026-03-03', 0), day(today, 1)], 'rest', today)).toBe('stable');
  });
});

describe('tips table', () => {
  it('has several tips for every area and level, and picks them deterministically by day', () => {
    for (const a of AREAS) for (const l of LEVELS) expect(TIPS[a][l].length).toBeGreaterThanOrEqual(3);
    expect(tipFor('rest', 'poor', '2026-03-10')).toBe(tipFor('rest', 'poor', '2026-03-10'));
    const seen = new Set(Array.from({ length: 30 }, (_, i) => tipFor('joy', 'fair', `2026-03-${String(i + 1).padStart(2, '0')}`)));
    expect(seen.size).toBeGreaterThan(1);
  });
});
