import { AREAS, AREA_LABELS } from '@shared/domain/scoring';
import { hasAiCoach, type Tier } from '@shared/domain/tiers';
import type { CheckInDto } from '@shared/schemas/check-ins';
import { JOURNAL_FIELDS } from '@shared/domain/journal';
import { Modal } from '@web/components/ui/dialog';
import { scaleOption } from '@web/lib/check-ins';
import { useJournalEntry } from '../api/check-in-details';
import { dayTitle } from '../calendar-grid';


/**
 * Check-in Details (spec part 1 §2.9, §6): yes/no per area for free answers, emoji levels for the 0..4 scale,
 * and for ai-coach users the journal entries (a failure to load them is only logged).
 */
export function CheckInDetailsDialog({
  checkIn,
  date,
  tier,
  onClose,
}: {
  checkIn: CheckInDto | null;
  date: string | null;
  tier: Tier;
  onClose: () => void;
}) {
  if (!date) return null;
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={CHECK_IN_DETAILS_TITLE} description={dayTitle(date)}>
      <CheckInDetailsBody checkIn={checkIn} tier={tier} />
    </Modal>
  );
}

export const CHECK_IN_DETAILS_TITLE = 'Check-in Details';

/** A 0..4 answer as the check-in itself shows it: the same face and the same word (issue 30: one set of words). */
function faceText(a: number): string {
  const o = scaleOption(Math.max(0, Math.min(4, Math.round(a))));
  return `${o.emoji} ${o.label}`;
}

/** The body of Check-in Details, also shown in place of the month inside the Monthly Activity View. */
export function CheckInDetailsBody({ checkIn, tier }: { checkIn: CheckInDto | null; tier: Tier }) {
  const showJournal = hasAiCoach(tier);
  const journal = useJournalEntry(checkIn?.id ?? null, showJournal);
  return (
    <>
      {!checkIn && <p className="mt-4 text-muted">The details of this check-in could not be loaded.</p>}
      {checkIn && (
        <>
          <p className="mt-3 font-semibold">Score: {Math.round(checkIn.score * 100)}%</p>
          <ul className="mt-3 divide-y divide-border" aria-label="Answers">
            {AREAS.map((area, i) => {
              const a = checkIn.answers[i];
              const text =
                typeof a === 'boolean'
                  ? a
                    ? 'Yes'
                    : 'Not yet'
                  : typeof a === 'number'
                    ? faceText(a)
                    : '—';
              const note = showJournal ? journal.data?.[JOURNAL_FIELDS[i]!] : null;
              return (
                <li key={area} className="py-2">
                  <div className="flex justify-between gap-3">
                    <span className="font-medium">{AREA_LABELS[area]}</span>
                    <span>{text}</span>
                  </div>
                  {note && <p className="mt-1 text-sm text-muted">“{note}”</p>}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </>
  );
}
