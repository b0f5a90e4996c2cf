import { useEffect, useState } from 'react';
import { Confetti } from '@web/components/ui/confetti';
import type { CheckInMoment as Moment } from '@web/lib/check-ins';
import { QUEUED_CHECK_IN_TEXT } from '@web/lib/queued-check-ins';
import { momentText } from '../moment';
import { X } from 'lucide-react';

export const MOMENT_CONFETTI_MS = 3_000;

/**
 * The moment after a check-in, at the top of the dashboard: what the check-in response celebrates (a first
 * check-in, a milestone, an edit, one more day; one stored on the device says it will sync) with confetti for a first check-in or a milestone (none under
 * prefers-reduced-motion). It is announced politely and can be dismissed.
 */
export function CheckInMomentCard({ moment, onDismiss }: { moment: Moment; onDismiss: () => void }) {
  const t = momentText(moment);
  const festive = moment.isFirstCheckIn || !!moment.celebration;
  const [confetti, setConfetti] = useState(festive);
  useEffect(() => {
    if (!festive) return;
    const id = setTimeout(() => setConfetti(false), MOMENT_CONFETTI_MS + 500);
    return () => clearTimeout(id);
  }, [festive]);
  return (
    <section
      role="status"
      aria-labelledby="moment-title"
      data-testid="check-in-moment"
      className="relative rounded-2xl border-2 border-primary bg-surface p-4 pr-14 lg:col-span-2"
    >
      {confetti && <Confetti durationMs={MOMENT_CONFETTI_MS} />}
      <h2 id="moment-title" className="flex items-center gap-2 text-lg font-bold">
        <span aria-hidden="true" className="text-2xl">
          {t.icon}
        </span>
        {t.title}
      </h2>
      <p className="mt-1">{t.body}</p>
      {moment.queued && (
        <p className="mt-1 text-sm text-muted" data-testid="check-in-moment-queued">
          {QUEUED_CHECK_IN_TEXT}.
        </p>
      )}
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="absolute right-2 top-2 inline-flex h-11 w-11 items-center justify-center rounded-xl text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
      >
        <X aria-hidden="true" size={18} strokeWidth={2.5} />
      </button>
    </section>
  );
}
