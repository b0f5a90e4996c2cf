import { useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '@web/components/ui/confetti';
import { lazyComponent } from '@web/lib/lazy-component';
import { Card } from '@web/components/ui/page';
import { cn } from '@web/components/ui/cn';
import { hasEnoughForLevels, MIN_CHECK_INS_FOR_LEVELS, moreNeededText } from '@shared/domain/early-days';
import { scoreTextClass } from '@web/lib/score-colors';
import { PERIOD_LABELS } from '@shared/domain/insights';
import { easeOutCubic, SCORE_ANIMATION_MS } from '../countdown';

const ScoreExplainedModal = lazyComponent(() => import('./score-explained-modal').then((m) => m.ScoreExplainedModal));

/**
 * Moves from `from` (the score before the check-in; 0 when there was none) to `target` over 2 s with a cubic
 * ease-out, each time `runKey` changes to a new number (issue 30: the score does not re-count from 0).
 */
export function useCountUp(target: number | null, runKey: number, waiting: boolean, from: number | null = null): number | null {
  const start0 = from ?? 0;
  const animated = (runKey !== 0 || waiting) && !prefersReducedMotion();
  // The value shown, with the target it was computed for: until the effect below has caught up with a new
  // target, a requested count-up shows 0 (never a flash of the final value before it starts).
  const [state, setState] = useState<{ value: number | null; for: number | null }>({
    value: animated ? start0 : target,
    for: target,
  });
  const frame = useRef<number | null>(null);
  useEffect(() => {
    const show = (value: number | null) => setState({ value, for: target });
    if (target === null || !animated) {
      show(target);
      return;
    }
    if (runKey === 0) {
      // Requested but not started yet (the loading screen or the moment is still up): hold at the old value.
      show(start0);
      return;
    }
    const start = performance.now();
    const step = (t: number) => {
      const p = Math.min(1, (t - start) / SCORE_ANIMATION_MS);
      show(Math.round(start0 + (target - start0) * easeOutCubic(p)));
      if (p < 1) frame.current = requestAnimationFrame(step);
    };
    show(start0);
    frame.current = requestAnimationFrame(step);
    return () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    };
  }, [target, runKey, animated, start0]);
  if (state.for !== target) return animated && target !== null ? start0 : target;
  return state.value;
}

/** 'Based on 3 check-ins'. */
export const basedOnText = (count: number): string => `Based on ${count} check-in${count === 1 ? '' : 's'}`;
export const EMPTY_SCORE_TEXTS = {
  title: 'Your score starts today',
  dialog: 'Your score starts with your first check-in.',
} as const;

/**
 * The overall score (mean over all check-ins, rounded %) with its colour band and an explanation dialog.
 * Before the first check-in it invites instead of showing a zero; in the early days (fewer check-ins than a level
 * needs) the percentage is shown in a neutral colour with how many more check-ins are needed: one "No" is not a big
 * red alarm.
 */
export function ScoreCard({
  percent,
  from = null,
  count,
  animateKey,
  animationPending = false,
}: {
  percent: number | null;
  /** The score before the check-in just made: the animation starts there. */
  from?: number | null;
  count: number;
  /** 0: no animation; each new positive value runs the count-up once. */
  animateKey: number;
  /** The animation was asked for and will start when loading is over. */
  animationPending?: boolean;
}) {
  const shown = useCountUp(percent, animateKey, animationPending, from);
  const [open, setOpen] = useState(false);
  const empty = percent === null || count === 0;
  const banded = hasEnoughForLevels(count);
  return (
    <Card>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-muted">
        Overall Score <span className="normal-case tracking-normal">· {PERIOD_LABELS.allTime}</span>
      </h2>
      {empty ? (
        <div data-testid="score-empty">
          {/* Compact on a first day, so the first check-in card below it is in view on a 360×640 phone. */}
          <p className="mt-1 flex items-center gap-2 text-lg font-bold">
            <span aria-hidden="true">📊</span>
            {EMPTY_SCORE_TEXTS.title}
          </p>
          <span className="sr-only" data-testid="overall-score">
            No score yet
          </span>
        </div>
      ) : (
        <>
          <p className={cn('mt-1 text-5xl font-extrabold tabular-nums', banded ? scoreTextClass(percent) : 'text-fg')} data-banded={banded}>
            <span aria-hidden="true" data-testid="overall-score-shown">
              {shown ?? percent}%
            </span>
            <span className="sr-only" data-testid="overall-score">{`${percent}%`}</span>
          </p>
          <p className="mt-1 text-sm text-muted">{basedOnText(count)}</p>
          {!banded && (
            <p className="text-sm text-muted" data-testid="score-early">
              Early days: {moreNeededText(count, MIN_CHECK_INS_FOR_LEVELS, 'level')}.
            </p>
          )}
        </>
      )}
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="-ml-2 mt-1 inline-flex min-h-11 items-center rounded-xl px-2 text-sm font-semibold text-link underline underline-offset-4 hover:bg-surface-2 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
      >
        How is this calculated?
      </button>
      {/* The explanation's code loads when it first opens (issue 26). */}
      {open && <ScoreExplainedModal description={empty ? EMPTY_SCORE_TEXTS.dialog : basedOnText(count)} onClose={() => setOpen(false)} />}
    </Card>
  );
}
