import { useEffect, useRef, type RefObject } from 'react';

/** An item counts as read once at least half of it has been on screen for half a second (spec part 2 §4). */
export const READ_VISIBLE_RATIO = 0.5;
export const READ_VISIBLE_MS = 500;

export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}
const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * Feed it the visible ratio each time it changes: `onRead` runs once, after the ratio has stayed at or above
 * 0.5 for 500 ms without a break; scrolling away before that starts the wait again.
 */
export function createVisibilityTimer(onRead: () => void, timers: Timers = realTimers, delayMs = READ_VISIBLE_MS) {
  let handle: unknown = null;
  let done = false;
  const stop = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
  };
  return {
    update(ratio: number): void {
      if (done) return;
      if (ratio >= READ_VISIBLE_RATIO) {
        if (handle !== null) return;
        handle = timers.setTimeout(() => {
          handle = null;
          done = true;
          onRead();
        }, delayMs);
      } else {
        stop();
      }
    },
    dispose: stop,
    get done() {
      return done;
    },
  };
}

/** Thresholds in tenths, so a tall card's growing share of the screen is reported as it scrolls in. */
const THRESHOLDS = Array.from({ length: 11 }, (_, i) => i / 10);

/**
 * How much of the item counts as seen: its visible share, or, for an item taller than twice the screen (a long
 * message on a phone, which can never be half visible), the share of the screen it fills.
 */
export function seenRatio(e: Pick<IntersectionObserverEntry, 'isIntersecting' | 'intersectionRatio' | 'intersectionRect' | 'rootBounds'>): number {
  if (!e.isIntersecting) return 0;
  const screen = e.rootBounds?.height ?? 0;
  const ofScreen = screen > 0 ? e.intersectionRect.height / screen : 0;
  return Math.max(e.intersectionRatio, ofScreen);
}

/** Watches the element with an IntersectionObserver while `enabled` and calls `onRead` once it has been seen. */
export function useReadWhenSeen(ref: RefObject<Element | null>, enabled: boolean, onRead: () => void): void {
  const latest = useRef(onRead);
  latest.current = onRead;
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    const timer = createVisibilityTimer(() => latest.current());
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) timer.update(seenRatio(e));
        if (timer.done) observer.disconnect();
      },
      { threshold: THRESHOLDS },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      timer.dispose();
    };
  }, [ref, enabled]);
}
