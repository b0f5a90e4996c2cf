import { describe, expect, test, vi } from 'vitest';
import { memo } from './dates';

describe('memo', () => {
  test('computes once per distinct arguments', () => {
    const fn = vi.fn((a: string, n: number) => `${a}${n}`);
    const m = memo(fn);
    expect([m('a', 1), m('a', 1), m('a', 2), m('a', 1)]).toEqual(['a1', 'a1', 'a2', 'a1']);
    expect(fn).toHaveBeenCalledTimes(2);
  });
  test('with a bound, starts afresh once full, and still answers right', () => {
    const fn = vi.fn((n: number) => n * 2);
    const m = memo(fn, 2);
    expect([m(1), m(2), m(3), m(1), m(3)]).toEqual([2, 4, 6, 2, 6]);
    // 1 and 2 filled it; 3 emptied it; 1 was computed again; 3 was still known.
    expect(fn).toHaveBeenCalledTimes(4);
  });
});
