import { describe, expect, test } from 'vitest';
import { AREAS } from './scoring';
import { MIN_CHECK_INS_FOR_LEVELS } from './early-days';
import { LEVELS } from './insights';
import { EARLY_DAYS_TIPS_LEVEL, TIPS, tipFor, tipsLevel } from './tips';

describe('tips claim a level only once it means something (decision 020)', () => {
  test('before enough check-ins every level gets the first-step tips; from then on its own', () => {
    for (const level of LEVELS) {
      for (let n = 0; n < MIN_CHECK_INS_FOR_LEVELS; n++) expect(tipsLevel(level, n)).toBe(EARLY_DAYS_TIPS_LEVEL);
      expect(tipsLevel(level, MIN_CHECK_INS_FOR_LEVELS)).toBe(level);
    }
  });
  test('the first-step tips praise nothing and judge nothing', () => {
    for (const area of AREAS) {
      for (const tip of TIPS[area][EARLY_DAYS_TIPS_LEVEL]) expect(tip).not.toMatch(/excellent|great|outstanding|mastered|you are (?:doing|struggling)/i);
    }
  });
  test('a tip is the same all day and comes from its level', () => {
    expect(tipFor('rest', 'good', '2026-11-25')).toBe(tipFor('rest', 'good', '2026-11-25'));
    expect(TIPS.rest.good).toContain(tipFor('rest', 'good', '2026-11-25'));
  });
});
