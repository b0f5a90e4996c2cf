import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { options } from 'preact';
import { EFFECTS_FRAME_TIMEOUT_MS, runEffectsBeforeInput } from './renderer';

let page: EventTarget;
beforeEach(() => {
  vi.useFakeTimers();
  // No animation frame in this test (as in a hidden tab): Preact's timeout runs the effects.
  vi.stubGlobal('requestAnimationFrame', () => 0);
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  page = new EventTarget();
  runEffectsBeforeInput(page as unknown as Window);
});
afterEach(() => {
  delete options.requestAnimationFrame;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('runEffectsBeforeInput (decision 026)', () => {
  it("keeps Preact's timing: effects run after the frame (or its timeout), not in the render's task", () => {
    const effects = vi.fn();
    options.requestAnimationFrame!(effects);
    vi.advanceTimersByTime(EFFECTS_FRAME_TIMEOUT_MS - 1);
    expect(effects).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1); // the timeout: then, as Preact does, one more task
    vi.advanceTimersByTime(1);
    expect(effects).toHaveBeenCalledOnce();
  });

  it('a key or pointer press that comes first runs the pending effects at once, and only once', () => {
    for (const type of ['keydown', 'pointerdown']) {
      const effects = vi.fn();
      options.requestAnimationFrame!(effects);
      page.dispatchEvent(new Event(type));
      expect(effects).toHaveBeenCalledOnce();
      vi.advanceTimersByTime(EFFECTS_FRAME_TIMEOUT_MS * 2);
      expect(effects).toHaveBeenCalledOnce();
    }
  });

  it('an input with no effects pending runs nothing', () => {
    const effects = vi.fn();
    options.requestAnimationFrame!(effects);
    vi.advanceTimersByTime(EFFECTS_FRAME_TIMEOUT_MS + 1);
    expect(effects).toHaveBeenCalledOnce();
    page.dispatchEvent(new Event('keydown'));
    expect(effects).toHaveBeenCalledOnce();
  });
});
