import { AREA_LABELS, AREAS } from '@shared/domain/scoring';
import { toPercent } from '@shared/domain/scoring';
import type { StrengthResponse } from '@shared/schemas/insights';
import { Modal } from '@web/components/ui/dialog';
import { STRENGTH_EXPLAINED } from './strength-texts';
import { Sparkline } from './sparkline';

const pctText = (x: number) => `${toPercent(x)}%`;

/** What strength is, with its 90-day line and each area's strength (opened from StrengthSummary, ./strength.tsx). */
export function StrengthDialog({ strength, onClose }: { strength: StrengthResponse; onClose: () => void }) {
  const line = strength.history.map((h) => h.overall);
  return (
      <Modal open onOpenChange={(o) => !o && onClose()} title={`Strength ${pctText(strength.overall)}`} description={STRENGTH_EXPLAINED.join(' ')}>
        <div className="mt-4 space-y-4" data-testid="strength-dialog">
          {line.length > 1 ? (
            <figure>
              <Sparkline values={line} width={280} height={64} className="w-full" />
              <figcaption className="mt-1 text-sm text-muted">Your strength over the last {line.length} days</figcaption>
            </figure>
          ) : (
            <p className="text-sm text-muted">Your line starts with your first days of check-ins.</p>
          )}
          <ul className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            {AREAS.map((a) => (
              <li key={a} className="flex justify-between gap-2">
                <span>{AREA_LABELS[a]}</span>
                <span className="font-semibold tabular-nums">{pctText(strength.areas[a])}</span>
              </li>
            ))}
          </ul>
        </div>
      </Modal>
  );
}
