import { describe, expect, it } from 'vitest';
import { AREA_SCORE_KEYS, areaScoreKey, byArea, byAreaScoreKey } from './scoring';

describe('the area score fields, derived from the one list of areas', () => {
  it('name each area\'s score field in area order', () => {
    expect(AREA_SCORE_KEYS).toEqual(['restScore', 'exerciseScore', 'nutritionScore', 'goalsScore', 'boundariesScore', 'connectionScore', 'joyScore']);
    expect(areaScoreKey('joy')).toBe('joyScore');
  });

  it('build one value per area, or per score field, in area order', () => {
    expect(Object.entries(byArea((a) => a.length))).toEqual([
      ['rest', 4], ['exercise', 8], ['nutrition', 9], ['goals', 5], ['boundaries', 10], ['connection', 10], ['joy', 3],
    ]);
    expect(Object.keys(byAreaScoreKey(() => 0))).toEqual([...AREA_SCORE_KEYS]);
    expect(byAreaScoreKey((a) => a).boundariesScore).toBe('boundaries');
  });
});
