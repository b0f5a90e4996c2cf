import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/dialog';
import { InlineNotice } from '@web/components/ui/notice';
import { toast } from '@web/components/ui/toast';
import { useDeclineRecovery } from '../api/decline-recovery';
import { STREAK_TEXTS, shieldCountText } from '../texts';
import { dayTitle } from '../calendar-grid';

export { streakStorageKeys } from '../storage-keys';

/** What the shields covered, by day: "Your shield covered Tuesday, March 10, 2026" (issue 30). */
export function shieldsCoveredText(days: readonly string[]): string {
  if (!days.length) return STREAK_TEXTS.protectedBody;
  const sorted = [...days].sort();
  if (sorted.length === 1) return `Your shield covered ${dayTitle(sorted[0]!)}, so your streak is safe.`;
  return `Your shields covered ${sorted.length} days (${sorted.map(dayTitle).join('; ')}), so your streak is safe.`;
}

/**
 * Streak Protected!: shields were used since the last visit; says which day each covered and how many are left.
 * OK (or × / Escape) acknowledges them.
 */
export function ShieldsProtectedModal({
  days = [],
  shieldsLeft = null,
  onAcknowledge,
}: {
  days?: readonly string[];
  shieldsLeft?: number | null;
  onAcknowledge: () => void;
}) {
  return (
    <Modal
      open
      queued
      onOpenChange={(o) => {
        if (!o) onAcknowledge();
      }}
      title={STREAK_TEXTS.protectedTitle}
      description={shieldsCoveredText(days)}
    >
      <p className="mt-3 text-5xl text-center" aria-hidden="true">
        🛡️
      </p>
      {shieldsLeft !== null && (
        <p className="mt-3 text-center font-semibold" data-testid="shields-left">
          {shieldCountText(shieldsLeft)} left
        </p>
      )}
      <Button className="mt-6" block onClick={onAcknowledge}>
        OK
      </Button>
    </Modal>
  );
}

/** Recover Your Streak: pay to get the lost streak back, or decline (a fresh start). */
export function RecoverStreakModal({
  lostStreakValue,
  offerEndsOn = null,
  checkout,
  onClose,
}: {
  lostStreakValue: number;
  /** The last day the offer stands (GET /api/streak/recovery-available). */
  offerEndsOn?: string | null;
  /** The paid recovery (the subscriptions feature's checkout, handed in by the dashboard). */
  checkout: { start: () => void; pending: boolean; notice?: string | null };
  onClose: () => void;
}) {
  const decline = useDeclineRecovery();
  const busy = decline.isPending || checkout.pending;
  return (
    <Modal
      open
      queued
      onOpenChange={(o) => !o && !busy && onClose()}
      title={STREAK_TEXTS.recoverTitle}
      description={`Your ${lostStreakValue}-day streak was lost. Recover it and keep going where you left off.`}
    >
      {offerEndsOn && (
        <p className="mt-2 text-center font-semibold" data-testid="recovery-ends">
          This offer stands until the end of {dayTitle(offerEndsOn)}.
        </p>
      )}
      <p className="mt-3 text-center text-5xl" aria-hidden="true">
        🔥
      </p>
      <div className="mt-6 flex flex-col gap-3">
        <Button block disabled={busy} onClick={() => checkout.start()}>
          {STREAK_TEXTS.recoverButton}
        </Button>
        {checkout.notice && <InlineNotice testId="verify-first-notice">{checkout.notice}</InlineNotice>}
        <Button
          block
          variant="outline"
          disabled={busy}
          onClick={() =>
            decline.mutate(undefined, {
              onSuccess: () => {
                toast({ title: STREAK_TEXTS.declinedTitle, description: STREAK_TEXTS.declinedBody });
                onClose();
              },
              onError: () => {
                toast({ title: 'Error', description: STREAK_TEXTS.declineFailed, variant: 'destructive' });
                onClose();
              },
            })
          }
        >
          {STREAK_TEXTS.noThanks}
        </Button>
        <p className="text-center text-sm text-muted" data-testid="recovery-final">
          {STREAK_TEXTS.noThanksFinal}
        </p>
      </div>
    </Modal>
  );
}
