import { describe, expect, test } from 'vitest';
import { createKeywordMatcher, createTapCounter } from './dev-mode';

describe('developer mode triggers', () => {
  test('the tenth quick tap toggles; a pause starts the count again', () => {
    let t = 0;
    const c = createTapCounter(10, 2_000, () => t);
    for (let i = 0; i < 9; i++) {
      t += 300;
      expect(c.tap()).toBe(false);
    }
    t += 3_000; // too slow: this tap is the first of a new run
    expect(c.tap()).toBe(false);
    for (let i = 0; i < 8; i++) {
      t += 300;
      expect(c.tap()).toBe(false);
    }
    t += 300;
    expect(c.tap()).toBe(true);
    expect(c.count).toBe(0);
  });

  test('a typed keyword is recognised at the end of any typing, case-insensitively', () => {
    const m = createKeywordMatcher(['devmode']);
    const typed = [...'xxDEVMOD'].map((k) => m.push(k));
    expect(typed.every((v) => v === false)).toBe(true);
    expect(m.push('e')).toBe(true);
    expect(m.push('Shift')).toBe(false); // named keys are ignored
    expect([...'devmod'].map((k) => m.push(k)).some(Boolean)).toBe(false);
  });
});
