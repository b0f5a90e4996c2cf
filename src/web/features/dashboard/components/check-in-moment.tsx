import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { toPercent } from '@shared/domain/scoring';
import { CELEBRATION_MOMENT_MS, DOTS_FILL_MS, MILESTONE_MOMENT_MS, MOMENT_MS, type Celebration, type WeekDot } from '@shared/domain/check-in-moment';
import { Confetti, prefersReducedMotion } from '@web/components/ui/confetti';
import { buttonClass } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import type { CheckInMoment as Moment } from '@web/lib/check-ins';
import { QUEUED_CHECK_IN_TEXT } from '@web/lib/queued-check-ins';
import { momentText } from '../moment';

export const MOMENT_CONFETTI_MS = 3_000;

/** How long this moment stays by itself. */
export function momentDuration(celebration: Celebration | null): number {
  if (celebration?.kind === 'milestone') return MILESTONE_MOMENT_MS;
  return celebration ? CELEBRATION_MOMENT_MS : MOMENT_MS;
}

/**
 * The full-screen moment after a check-in (issue 30, decision 038): the streak number large (a milestone's number
 * and name), the last seven days' dots filling in, the day's score with a sentence that fits it, then the dashboard.
 * A modal <dialog>: the page behind is inert, the focus is on its button; it ends by itself after ~2 s (a celebration
 * a little later), or sooner by the button, Escape or a tap anywhere. Under prefers-reduced-motion nothing moves:
 * no confetti, the dots are drawn filled.
 */
export function CheckInMomentOverlay({
  moment,
  streak,
  dots,
  celebration,
  hasReward,
  onDone,
}: {
  moment: Moment;
  /** The streak after the check-in; null when not known. */
  streak: number | null;
  dots: readonly WeekDot[];
  celebration: Celebration | null;
  /** The check-in earned a reward: the button leads on to it (the reward dialog opens next). */
  hasReward: boolean;
  onDone: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const done = useRef(onDone);
  done.current = onDone;
  const [still] = useState(prefersReducedMotion);
  const [filled, setFilled] = useState(still);
  const t = momentText(moment);
  const pct = toPercent(moment.score);
  const festive = celebration !== null || moment.isFirstCheckIn;

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Shown modal: the page behind is inert and the focus lands on the button, the dialog's one focusable element.
    if (!dialog.open) dialog.showModal?.();
    const onCancel = (e: Event) => e.preventDefault();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // Handled here: the dashboard's own Escape (back to /) must not run as well.
      e.preventDefault();
      e.stopPropagation();
      done.current();
    };
    // A tap anywhere ends it too (the keyboard has the button and Escape).
    const onClick = () => done.current();
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('keydown', onKey);
    dialog.addEventListener('click', onClick);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('keydown', onKey);
      dialog.removeEventListener('click', onClick);
      if (dialog.open) dialog.close?.();
    };
  }, []);

  useEffect(() => {
    const end = setTimeout(() => done.current(), momentDuration(celebration));
    const fill = still ? undefined : requestAnimationFrame(() => setFilled(true));
    return () => {
      clearTimeout(end);
      if (fill !== undefined) cancelAnimationFrame(fill);
    };
  }, [celebration, still]);

  const milestone = celebration?.kind === 'milestone' ? celebration.milestone : null;
  const heading = milestone ? milestone.name : celebration?.kind === 'celebration' ? celebration.title : t.title;
  const doneCount = dots.filter((d) => d.done).length;

  return (
    <dialog
      ref={ref}
      aria-labelledby="moment-title"
      aria-describedby="moment-sentence"
      data-testid="check-in-moment"
      data-celebration={celebration ? celebration.days : undefined}
      data-kind={celebration?.kind ?? 'day'}
      className="fixed inset-0 m-0 flex h-dvh max-h-none w-screen max-w-none cursor-pointer flex-col items-center justify-center overflow-y-auto bg-bg p-6 text-center text-fg backdrop:bg-bg focus:outline-none"
    >
      {festive && <Confetti durationMs={MOMENT_CONFETTI_MS} />}
      <div className="flex w-full max-w-sm flex-col items-center">
        <h2 id="moment-title" className={cn('font-bold', milestone ? 'text-3xl' : celebration ? 'text-2xl' : 'text-xl')} data-testid="moment-heading">
          {celebration && (
            <span aria-hidden="true" className={cn('mb-2 block', milestone ? 'text-6xl' : 'text-5xl')}>
              {milestone ? milestone.emoji : '🎉'}
            </span>
          )}
          {heading}
        </h2>
        {streak !== null && (
          <p className="mt-4" data-testid="moment-streak">
            <span className={cn('block font-extrabold leading-none tabular-nums text-primary', milestone ? 'text-9xl' : 'text-8xl', !still && 'animate-[moment-pop_500ms_ease-out]')}>
              {streak}
            </span>
            <span className="mt-1 block text-lg font-semibold">day streak</span>
          </p>
        )}
        <ol className="mt-6 flex gap-3" aria-label={`Last seven days: ${doneCount} of 7 checked in`} data-testid="moment-week">
          {dots.map((d, i) => (
            <li key={d.date} className="flex flex-col items-center gap-1 text-xs text-muted" data-done={d.done} data-today={d.isToday || undefined}>
              <span
                aria-hidden="true"
                className={cn(
                  'block h-6 w-6 rounded-full border-2 border-primary transition-colors duration-300 motion-reduce:transition-none',
                  d.done && filled ? 'bg-primary' : 'bg-transparent',
                  d.isToday && 'ring-2 ring-primary ring-offset-2 ring-offset-bg',
                )}
                style={still ? undefined : { transitionDelay: `${Math.round((i * DOTS_FILL_MS) / 7)}ms` }}
              />
              <span aria-hidden="true">{d.weekday.slice(0, 2)}</span>
              <span className="sr-only">{`${d.weekday}: ${d.done ? 'checked in' : 'no check-in'}`}</span>
            </li>
          ))}
        </ol>
        <p className="mt-6 text-lg">
          Today’s score <strong className="tabular-nums" data-testid="moment-score">{pct}%</strong>
        </p>
        <p id="moment-sentence" className="mt-1 text-lg font-semibold" data-testid="moment-sentence">
          {t.sentence}
        </p>
        {moment.queued && (
          <p className="mt-2 text-sm text-muted" data-testid="check-in-moment-queued">
            {QUEUED_CHECK_IN_TEXT}.
          </p>
        )}
        <button
          type="button"
          onClick={(e) => {
            e.stopPropagation();
            onDone();
          }}
          className={buttonClass('primary', 'mt-8 min-h-12 px-8')}
          data-testid="moment-continue"
        >
          {hasReward ? 'See your reward' : 'Continue'}
        </button>
      </div>
    </dialog>
  );
}
