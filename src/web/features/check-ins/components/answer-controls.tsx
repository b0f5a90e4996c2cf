import { useRef, type KeyboardEvent } from 'react';
import { cn } from '@web/components/ui/cn';
import { SCALE_OPTIONS } from '@web/lib/check-ins';

const choiceClass =
  'inline-flex min-h-14 items-center justify-center rounded-2xl border-2 text-lg font-bold transition-colors focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring';

/** Yes / No for the free and ad-free tiers (toggle buttons; the chosen one is pressed). */
export function YesNoAnswer({ value, onAnswer, disabled }: { value: boolean | null; onAnswer: (v: boolean) => void; disabled?: boolean }) {
  return (
    <div className="grid grid-cols-2 gap-3" role="group" aria-label="Your answer">
      {([true, false] as const).map((v) => (
        <button
          key={String(v)}
          type="button"
          aria-pressed={value === v}
          disabled={disabled}
          onClick={() => onAnswer(v)}
          className={cn(
            choiceClass,
            value === v ? 'border-primary bg-primary text-primary-fg' : 'border-border-strong bg-surface text-fg hover:bg-surface-2',
          )}
        >
          {v ? 'Yes' : 'No'}
        </button>
      ))}
    </div>
  );
}

/**
 * The 5-point emoji scale as a radio group (WAI-ARIA radio pattern): one tab stop, arrow keys (and Home/End)
 * move the choice, Enter or Space (or a tap) confirms it — which advances when auto-advance is on.
 */
export function EmojiScale({
  value,
  labelledBy,
  describedBy,
  onSelect,
  onConfirm,
  disabled,
}: {
  value: number | null;
  labelledBy: string;
  describedBy?: string;
  onSelect: (v: number) => void;
  onConfirm: (v: number) => void;
  disabled?: boolean;
}) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const focusable = value ?? 0;
  const move = (to: number) => {
    const n = SCALE_OPTIONS.length;
    const next = ((to % n) + n) % n;
    onSelect(SCALE_OPTIONS[next]!.value);
    refs.current[next]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (disabled) return;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') move(index + 1);
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') move(index - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(SCALE_OPTIONS.length - 1);
    else return;
    e.preventDefault();
  };
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} aria-describedby={describedBy} className="grid grid-cols-5 gap-1.5 sm:gap-2">
      {SCALE_OPTIONS.map((o, i) => {
        const checked = value === o.value;
        return (
          <button
            key={o.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={o.label}
            tabIndex={i === focusable ? 0 : -1}
            disabled={disabled}
            onClick={() => onConfirm(o.value)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={cn(
              // Faces on one line: every label has room for two lines, so a wrapped 'Very poor' moves no face.
              'flex min-h-20 min-w-0 flex-col items-center justify-start gap-1 rounded-2xl border-2 px-0.5 pb-1.5 pt-2.5 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring',
              checked ? 'border-primary bg-surface-2' : 'border-border bg-surface hover:bg-surface-2',
            )}
          >
            <span aria-hidden="true" className="text-3xl leading-none">
              {o.emoji}
            </span>
            <span aria-hidden="true" className="flex min-h-[2.5em] w-full items-start justify-center text-center text-[0.6875rem] font-medium leading-tight sm:text-xs">
              {o.label}
            </span>
          </button>
        );
      })}
    </div>
  );
}

/** The ai-coach journal box: at most 280 characters, with a counter. */
export function JournalBox({ id, value, max, onChange }: { id: string; value: string; max: number; onChange: (v: string) => void }) {
  const left = max - value.length;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium">
        Journal (optional)
      </label>
      <textarea
        id={id}
        value={value}
        maxLength={max}
        rows={3}
        onChange={(e) => onChange(e.target.value.slice(0, max))}
        aria-describedby={`${id}-count`}
        placeholder="A few words about this area today…"
        className="block w-full rounded-xl border border-border-strong bg-input px-3 py-2 text-base text-fg placeholder:text-placeholder focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
      />
      <p id={`${id}-count`} className={cn('text-right text-sm', left <= 20 ? 'font-semibold text-danger-text' : 'text-muted')}>
        {value.length}/{max} characters
      </p>
    </div>
  );
}
