import { useState } from 'react';
import { lazyComponent } from '@web/lib/lazy-component';
import { AREA_LABELS, type Area, toPercent } from '@shared/domain/scoring';
import { Card } from '@web/components/ui/page';
import { useStrength } from '../api/get-strength';
import { Sparkline } from './sparkline';
import { STRENGTH_EXPLAINED } from './strength-texts';

export { STRENGTH_EXPLAINED } from './strength-texts';

const pctText = (x: number) => `${toPercent(x)}%`;

const StrengthDialog = lazyComponent(() => import('./strength-dialog').then((m) => m.StrengthDialog));

/**
 * The dashboard's strength beside the streak (issue 28): "Strength 64%" with its 90-day line; a button that opens a
 * dialog explaining it, with each area's strength.
 */
export function StrengthSummary() {
  const { data, isPending, isError } = useStrength();
  const [open, setOpen] = useState(false);
  if (isPending || isError || !data) {
    // The same box as the answer's (two lines, the line's height), so nothing below moves when it arrives.
    return (
      <p role={isPending ? 'status' : undefined} className="flex min-h-11 items-center gap-3 px-2 py-1" data-testid="strength-summary">
        <span>
          <span className="block text-sm text-muted">Strength</span>
          <span className="block text-xl font-bold text-muted">{isPending ? '…' : '—'}</span>
        </span>
        <span className="text-sm text-muted">{isPending ? <span className="sr-only">Loading your strength</span> : "Can't be shown right now."}</span>
      </p>
    );
  }
  const line = data.history.map((h) => h.overall);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        data-testid="strength-summary"
        aria-haspopup="dialog"
        className="flex min-h-11 items-center gap-3 rounded-xl px-2 py-1 text-left hover:bg-surface-2 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
      >
        <span>
          <span className="block text-sm text-muted">Strength</span>
          <span className="block text-xl font-bold tabular-nums" data-testid="strength-percent">
            {pctText(data.overall)}
          </span>
        </span>
        <Sparkline values={line} />
        <span className="sr-only">{line.length > 1 ? `, over the last ${line.length} days. ` : '. '}What is strength?</span>
        <span aria-hidden="true" className="grid size-6 place-items-center rounded-full border border-border-strong text-xs font-bold text-muted">
          ?
        </span>
      </button>
      {/* The dialog's code loads when it first opens (issue 26: the dashboard's first view does not show it). */}
      {open && <StrengthDialog strength={data} onClose={() => setOpen(false)} />}
    </>
  );
}

/** A category page's strength (issue 28): the area's strength now and its 90-day line. */
export function AreaStrengthCard({ area }: { area: Area }) {
  const { data, isPending, isError } = useStrength();
  const label = AREA_LABELS[area];
  const line = data?.history.map((h) => h.areas[area]) ?? [];
  return (
    <Card>
      <h2 className="text-lg font-bold">{label} strength</h2>
      {isPending ? (
        <p role="status" className="mt-2 text-muted">
          Loading your {label.toLowerCase()} strength…
        </p>
      ) : isError || !data ? (
        <p className="mt-2 text-muted">Your {label.toLowerCase()} strength can't be shown right now. Try again later.</p>
      ) : (
        <div className="mt-2 flex flex-wrap items-center gap-4" data-testid="area-strength">
          <span className="text-3xl font-extrabold tabular-nums">{pctText(data.areas[area])}</span>
          {line.length > 1 ? (
            <figure className="min-w-0 flex-1">
              <Sparkline values={line} width={240} height={48} className="w-full max-w-80" />
              <figcaption className="text-sm text-muted">The last {line.length} days</figcaption>
            </figure>
          ) : (
            <p className="text-sm text-muted">Your line starts with your first days of check-ins.</p>
          )}
          <p className="w-full text-sm text-muted">{STRENGTH_EXPLAINED[1]}</p>
        </div>
      )}
    </Card>
  );
}
