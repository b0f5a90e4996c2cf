import { options } from 'preact';

/**
 * The renderer's one setting (decision 026). Preact runs effects (useEffect) after the next animation frame; React
 * runs those of a click or a key before the next event reaches the page. Radix registers a dialog's Escape and
 * outside-click listeners in effects, so on a busy phone a key pressed as a dialog appeared could be lost. Effects run
 * in the task right after their render instead: still apart from it (a render and its effects are two shorter tasks),
 * but before any later input. Imported first by main.tsx.
 */
export function runEffectsInNextTask(): void {
  options.requestAnimationFrame = (callback) => void setTimeout(callback, 0);
}
