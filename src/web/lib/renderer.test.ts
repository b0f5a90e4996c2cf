import { afterEach, describe, expect, it, vi } from 'vitest';
import { options } from 'preact';
import { runEffectsInNextTask } from './renderer';

afterEach(() => {
  delete options.requestAnimationFrame;
  vi.useRealTimers();
});

describe('runEffectsInNextTask (decision 026)', () => {
  it("schedules Preact's effects in the next task, not after an animation frame", () => {
    vi.useFakeTimers();
    runEffectsInNextTask();
    const effects = vi.fn();
    options.requestAnimationFrame!(effects);
    expect(effects).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(effects).toHaveBeenCalledOnce();
  });
});
