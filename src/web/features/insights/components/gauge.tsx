import { scoreStrokeClass, scoreTextClass } from '@web/lib/score-colors';
import { cn } from '@web/components/ui/cn';

/** A half-circle gauge whose colour follows the 95 / 70 / 30 / 5 bands (neutral until there are enough check-ins). */
export function Gauge({ percent, label, banded = true }: { percent: number | null; label: string; banded?: boolean }) {
  const r = 80;
  const length = Math.PI * r;
  const p = percent ?? 0;
  return (
    <figure className="flex flex-col items-center">
      <svg viewBox="0 0 200 115" width="220" role="img" aria-label={percent === null ? `${label}: no score yet` : `${label}: ${percent}%`}>
        <path d="M 20 100 A 80 80 0 0 1 180 100" fill="none" strokeWidth="16" strokeLinecap="round" className="stroke-surface-3" />
        {percent !== null && (
          <path
            d="M 20 100 A 80 80 0 0 1 180 100"
            fill="none"
            strokeWidth="16"
            strokeLinecap="round"
            strokeDasharray={`${(length * p) / 100} ${length}`}
            className={banded ? scoreStrokeClass(p) : 'stroke-primary'}
          />
        )}
      </svg>
      <figcaption className={cn('-mt-12 text-4xl font-extrabold tabular-nums', percent === null ? 'text-muted' : banded ? scoreTextClass(p) : 'text-fg')} data-testid="category-score">
        {percent === null ? '—' : `${percent}%`}
      </figcaption>
    </figure>
  );
}
