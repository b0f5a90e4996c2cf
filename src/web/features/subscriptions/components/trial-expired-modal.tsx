import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { TIER_LABELS } from '@shared/domain/tiers';
import { TRIAL_LABELS, rewardFor, type TrialTier } from '@shared/domain/trials';
import { SUBSCRIPTION_KEY } from '../api/get-subscription';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/dialog';
import { dismissTrialExpiry } from '../api/dismiss-trial-expiry';
import { SUBSCRIPTION_TIMINGS, TRIAL_TEXTS } from '../texts';

/**
 * 'Your … Trial Has Ended' (spec part 1 §4.8): either answer closes it (`onClose`), records the dismissal on the
 * server and refreshes the subscription; 'Yes, I Want to Upgrade' then opens /upgrade.
 */
export function TrialExpiredModal({ trial, backOn, onClose }: { trial: TrialTier; backOn: string; onClose: () => void }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const tierLabel = backOn === 'premium' ? TIER_LABELS.premium : TIER_LABELS.free;
  const onDone = async (upgrade: boolean) => {
    onClose();
    try {
      await dismissTrialExpiry(trial);
    } catch (err) {
      console.warn('Could not record the trial-expiry dismissal', err);
    }
    void qc.invalidateQueries({ queryKey: SUBSCRIPTION_KEY });
    if (upgrade) setTimeout(() => void navigate('/upgrade'), SUBSCRIPTION_TIMINGS.upgradeRedirect);
  };
  return (
    <Modal
      open
      queued
      onOpenChange={(o) => {
        if (!o) void onDone(false);
      }}
      title={`Your ${TRIAL_LABELS[trial]} Trial Has Ended`}
      description={`You are back on the ${tierLabel} tier. Upgrade to keep ${rewardFor(trial).features[0]?.toLowerCase() ?? 'your features'} and more.`}
    >
      <div className="mt-6 flex flex-col gap-3">
        <Button block onClick={() => void onDone(true)}>
          {TRIAL_TEXTS.upgradeYes}
        </Button>
        <Button block variant="outline" onClick={() => void onDone(false)}>
          {TRIAL_TEXTS.upgradeNo}
        </Button>
      </div>
    </Modal>
  );
}
