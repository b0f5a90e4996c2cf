import { TRIAL_DAYS, TRIAL_LABELS, rewardFor, type TrialTier } from '@shared/domain/trials';
import { Button } from '@web/components/ui/button';
import { CheckList } from '@web/components/ui/check-list';
import { Modal } from '@web/components/ui/dialog';
import { formatDate, trialRemaining, trialStart } from '../trial-time';

/** The Premium / AI Coach Trial Details modal, opened from its banner (./trial-banner.tsx). */
export function TrialDetailsModal({ tier, expiresAt, now, onClose }: { tier: TrialTier; expiresAt: Date; now: Date; onClose: () => void }) {
  const label = TRIAL_LABELS[tier];
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={`${label} Trial Details`}>
      <dl className="mt-4 space-y-2">
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Started</dt>
          <dd className="font-medium">{formatDate(trialStart(expiresAt))}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Ends</dt>
          <dd className="font-medium">{formatDate(expiresAt)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Time left</dt>
          <dd className="font-medium">{trialRemaining(expiresAt, now)}</dd>
        </div>
      </dl>
      <p className="mt-4 font-semibold">Your {TRIAL_DAYS}-day trial includes:</p>
      <CheckList items={rewardFor(tier).features} className="mt-2" />
      <Button className="mt-6" block onClick={onClose}>
        Got it
      </Button>
    </Modal>
  );
}
