import { options } from 'preact';

/** How long Preact waits for an animation frame before it runs effects anyway (its own RAF_TIMEOUT). */
export const EFFECTS_FRAME_TIMEOUT_MS = 35;

/**
 * The renderer's one setting (decision 026). Preact runs effects (useEffect) after the next animation frame, apart
 * from the render, so that a render and its effects are two shorter tasks (Lighthouse's total blocking time on a
 * phone). React, though, runs the effects of a click or a key before the next event reaches the page, and Radix
 * registers a dialog's Escape and outside-click listeners in effects: a key pressed as a dialog appeared, before the
 * next frame, was lost. Here effects keep Preact's timing, and the first key or pointer press that arrives before they
 * have run runs them at once, in its capture phase on `window`: a listener they add to `document` still receives that
 * very event. Called first by main.tsx.
 */
export function runEffectsBeforeInput(target: Pick<Window, 'addEventListener'> = window): void {
  let pending: (() => void) | null = null;
  const flush = () => {
    const run = pending;
    pending = null;
    run?.();
  };
  options.requestAnimationFrame = (callback) => {
    pending = callback;
    // Preact's own timing: after the next frame, or after EFFECTS_FRAME_TIMEOUT_MS when no frame comes (a hidden tab).
    const done = () => {
      clearTimeout(timeout);
      cancelAnimationFrame(frame);
      setTimeout(flush, 0);
    };
    const timeout = setTimeout(done, EFFECTS_FRAME_TIMEOUT_MS);
    const frame = requestAnimationFrame(done);
  };
  for (const type of ['keydown', 'pointerdown'] as const) target.addEventListener(type, flush, { capture: true });
}
