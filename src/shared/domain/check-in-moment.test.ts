import { describe, expect, test } from 'vitest';
import { CELEBRATION_DAYS, celebrationFor, DAY_SENTENCES, daySentence, weekDots } from './check-in-moment';
import { queuedStreakAfter } from './queued-streak';
import { MILESTONE_DAYS } from './streak-engine';

describe('daySentence: one sentence per score band', () => {
  test('a hard day is met with care, not praise', () => {
    expect(daySentence(0.14)).toBe('Thanks for showing up on a hard day.');
    expect(daySentence(0)).toMatch(/^Thanks for showing up on a hard day\./);
    for (const s of [0, 0.05, 0.14, 0.28]) expect(daySentence(s)).not.toMatch(/nice work|great|well done/i);
  });
  test('the bands follow the score colours (95 teal, 70 green, 30 yellow, 5 orange, below red)', () => {
    expect(daySentence(1)).toBe(DAY_SENTENCES.teal);
    expect(daySentence(0.95)).toBe(DAY_SENTENCES.teal);
    expect(daySentence(0.94)).toBe(DAY_SENTENCES.green);
    expect(daySentence(0.7)).toBe(DAY_SENTENCES.green);
    expect(daySentence(0.69)).toBe(DAY_SENTENCES.yellow);
    expect(daySentence(0.3)).toBe(DAY_SENTENCES.yellow);
    expect(daySentence(0.29)).toBe(DAY_SENTENCES.orange);
    expect(daySentence(0.05)).toBe(DAY_SENTENCES.orange);
    expect(daySentence(0.04)).toBe(DAY_SENTENCES.red);
  });
  test('rounded as the score is shown: 69.6% reads as 70%, a good day', () => {
    expect(daySentence(0.696)).toBe(DAY_SENTENCES.green);
  });
  test('every band has its own sentence', () => {
    expect(new Set(Object.values(DAY_SENTENCES)).size).toBe(Object.keys(DAY_SENTENCES).length);
  });
});

describe('celebrationFor: the days a check-in celebrates', () => {
  test('3, 7, 14, 21, 50, 200 and 500 days: a small celebration', () => {
    expect(CELEBRATION_DAYS).toEqual([3, 7, 14, 21, 50, 200, 500]);
    for (const d of CELEBRATION_DAYS) expect(celebrationFor(d, { newDay: true })).toEqual({ kind: 'celebration', days: d, title: `${d} days in a row!` });
  });
  test('30 and 100 (and every milestone): the milestone, with its name', () => {
    expect(celebrationFor(30, { newDay: true })).toMatchObject({ kind: 'milestone', days: 30, milestone: { name: 'Dedicated Soul' } });
    expect(celebrationFor(100, { newDay: true })).toMatchObject({ kind: 'milestone', days: 100, milestone: { name: 'Legendary Warrior' } });
    for (const d of MILESTONE_DAYS) expect(celebrationFor(d, { newDay: true })?.kind).toBe('milestone');
  });
  test('no two kinds on one day, and nothing on the days between', () => {
    for (const d of CELEBRATION_DAYS) expect(MILESTONE_DAYS).not.toContain(d);
    for (const d of [0, 1, 2, 4, 6, 8, 13, 15, 20, 22, 29, 31, 49, 51, 99, 101, 199, 201, 499, 501]) expect(celebrationFor(d, { newDay: true })).toBeNull();
  });
  test('once per streak: an edit of the day, or an unknown streak, celebrates nothing', () => {
    expect(celebrationFor(3, { newDay: false })).toBeNull();
    expect(celebrationFor(30, { newDay: false })).toBeNull();
    expect(celebrationFor(null, { newDay: true })).toBeNull();
  });
});

describe('weekDots', () => {
  test('the last seven days ending today, oldest first, today counted as done', () => {
    const dots = weekDots('2026-03-10', ['2026-03-09', '2026-03-07', '2026-03-01']);
    expect(dots.map((d) => d.date)).toEqual(['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10']);
    expect(dots.map((d) => d.done)).toEqual([false, false, false, true, false, true, true]);
    expect(dots.map((d) => d.weekday)).toEqual(['Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'Mon', 'Tue']);
    expect(dots.filter((d) => d.isToday).map((d) => d.date)).toEqual(['2026-03-10']);
  });
});

describe('queuedStreakAfter', () => {
  test('one more than the cached streak, unless today already counted; unknown without a cached streak', () => {
    expect(queuedStreakAfter({ currentStreak: 4, todayCompleted: false })).toBe(5);
    expect(queuedStreakAfter({ currentStreak: 4, todayCompleted: true })).toBe(4);
    expect(queuedStreakAfter(undefined)).toBeNull();
  });
});
