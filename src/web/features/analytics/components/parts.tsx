import type { ReactNode } from 'react';
import { readinessLevel } from '@shared/domain/analytics';
import { ButtonLink } from '@web/components/ui/button';
import { Card } from '@web/components/ui/page';
import { cn } from '@web/components/ui/cn';
import { RotateCw } from 'lucide-react';

/** What a signed-in user who is not an admin sees instead of the numbers. */
export function NotAvailable({ what }: { what: string }) {
  return (
    <Card>
      <h2 className="text-lg font-bold">{what} not available</h2>
      <p className="mt-2">
        The business figures are for the Big 7 team only. Your own progress is on your dashboard, streak and trends
        screens.
      </p>
      <ButtonLink to="/settings" block className="mt-4">
        Go to Settings
      </ButtonLink>
    </Card>
  );
}

/** A titled card of a dashboard. */
export function MetricCard({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Card className="mb-4">
      <section aria-labelledby={id}>
        <h2 id={id} className="text-lg font-bold">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

/** A labelled figure; grids of these read as a definition list. */
export function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-xl bg-surface-2 p-3">
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className="mt-1 text-xl font-bold tabular-nums">{value}</dd>
      {hint && <dd className="text-xs text-muted">{hint}</dd>}
    </div>
  );
}

export function StatGrid({ children, cols = 2 }: { children: ReactNode; cols?: 2 | 3 }) {
  return <dl className={cn('mt-3 grid gap-2', cols === 3 ? 'grid-cols-2 sm:grid-cols-3' : 'grid-cols-2')}>{children}</dl>;
}

const LEVEL_CLASSES = {
  green: { bar: 'bg-green-600 dark:bg-green-400', text: 'text-green-700 dark:text-green-300' },
  yellow: { bar: 'bg-yellow-500 dark:bg-yellow-300', text: 'text-yellow-800 dark:text-yellow-300' },
  red: { bar: 'bg-red-600 dark:bg-red-400', text: 'text-red-700 dark:text-red-300' },
} as const;

/** A readiness bar: colour at 80 / 60 (spec part 2 §4) plus the score and a word, never colour alone. */
export function ReadinessBar({ label, score }: { label: string; score: number }) {
  const { level, label: word } = readinessLevel(score);
  const c = LEVEL_CLASSES[level];
  return (
    <div className="py-1.5">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className={cn('font-semibold tabular-nums', c.text)}>
          {score}/100 · {word}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`${label} readiness`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        aria-valuetext={`${score} of 100, ${word}`}
        className="mt-1 h-2.5 w-full overflow-hidden rounded-full bg-surface-3"
      >
        <div className={cn('h-full rounded-full', c.bar)} style={{ width: `${Math.max(0, Math.min(100, score))}%` }} />
      </div>
    </div>
  );
}

export function ReadinessBadge({ score }: { score: number }) {
  const { level, label } = readinessLevel(score);
  return (
    <span className={cn('text-3xl font-extrabold tabular-nums', LEVEL_CLASSES[level].text)}>
      {score}
      <span className="ml-2 text-base font-semibold">{label}</span>
    </span>
  );
}

/** A readiness score on its own row: its label, then the score and its level. */
export function ReadinessRow({ label, score }: { label: string; score: number }) {
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
      <span className="text-sm text-muted">{label}</span>
      <ReadinessBadge score={score} />
    </div>
  );
}

/** The refresh button: an icon that turns while `busy`, with a text label for screen readers. */
export function RefreshButton({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-label={busy ? 'Refreshing' : 'Refresh'}
      className="inline-flex h-11 w-11 items-center justify-center rounded-xl text-fg hover:bg-surface-2 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring disabled:opacity-70"
    >
      <RotateCw aria-hidden="true" size={22} strokeWidth={2.2} className={cn(busy && 'animate-spin motion-reduce:animate-none')} data-testid="refresh-icon" />
    </button>
  );
}
