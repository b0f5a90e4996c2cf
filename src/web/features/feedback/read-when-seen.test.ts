import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createVisibilityTimer, seenRatio } from './read-when-seen';

describe('feedback read after being seen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('half visible for 500 ms marks it read, once', () => {
    const onRead = vi.fn();
    const t = createVisibilityTimer(onRead);
    t.update(0.5);
    vi.advanceTimersByTime(499);
    expect(onRead).not.toHaveBeenCalled();
    t.update(0.8); // still visible: the wait goes on, it does not restart
    vi.advanceTimersByTime(1);
    expect(onRead).toHaveBeenCalledTimes(1);
    t.update(0);
    t.update(1);
    vi.advanceTimersByTime(2_000);
    expect(onRead).toHaveBeenCalledTimes(1);
  });

  test('less than half visible, or scrolled away before 500 ms, is not read', () => {
    const onRead = vi.fn();
    const t = createVisibilityTimer(onRead);
    t.update(0.49);
    vi.advanceTimersByTime(5_000);
    t.update(0.6);
    vi.advanceTimersByTime(400);
    t.update(0.1);
    vi.advanceTimersByTime(5_000);
    expect(onRead).not.toHaveBeenCalled();
    // Back in view: a fresh 500 ms.
    t.update(0.6);
    vi.advanceTimersByTime(499);
    expect(onRead).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onRead).toHaveBeenCalledTimes(1);
  });

  test('disposing (the card left the page) cancels a pending read', () => {
    const onRead = vi.fn();
    const t = createVisibilityTimer(onRead);
    t.update(1);
    t.dispose();
    vi.advanceTimersByTime(5_000);
    expect(onRead).not.toHaveBeenCalled();
  });

  test('a card taller than twice the screen counts as seen when it fills half the screen', () => {
    const entry = (ratio: number, visibleHeight: number, screen = 800) => ({
      isIntersecting: ratio > 0,
      intersectionRatio: ratio,
      intersectionRect: { height: visibleHeight } as DOMRectReadOnly,
      rootBounds: { height: screen } as DOMRectReadOnly,
    });
    expect(seenRatio(entry(0.3, 800))).toBe(1); // 2,700 px card filling the screen
    expect(seenRatio(entry(0.1, 270))).toBeCloseTo(0.3375);
    expect(seenRatio(entry(0.6, 120))).toBe(0.6); // a short card: its own share
    expect(seenRatio(entry(0, 0))).toBe(0);
  });
});
