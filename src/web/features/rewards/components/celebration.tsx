import { useEffect, useState } from 'react';
import { milestoneAt } from '@shared/domain/milestones';
import { rewardFor, TRIAL_LABELS, type RewardType } from '@shared/domain/trials';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/dialog';
import { REWARD_TIMINGS } from '../texts';
import { Confetti } from '@web/components/ui/confetti';
import { CheckList } from '@web/components/ui/check-list';

/**
 * The reward celebration (spec part 1 §4.8, part 2 §4): a premium reward shows the 30-day milestone
 * (Dedicated Soul), any other the 100-day one (Legendary Warrior); confetti for 3 s, the features after 1.5 s.
 */
export function CelebrationModal({ rewardType, onClose }: { rewardType: RewardType | null; onClose: () => void }) {
  const [showFeatures, setShowFeatures] = useState(false);
  const [confetti, setConfetti] = useState(false);
  useEffect(() => {
    if (!rewardType) return;
    setShowFeatures(false);
    setConfetti(true);
    const f = setTimeout(() => setShowFeatures(true), REWARD_TIMINGS.celebrationFeatures);
    const c = setTimeout(() => setConfetti(false), REWARD_TIMINGS.confetti);
    return () => {
      clearTimeout(f);
      clearTimeout(c);
    };
  }, [rewardType]);
  if (!rewardType) return null;
  const reward = rewardFor(rewardType === 'premium' ? 'premium' : 'ai-coach');
  const milestone = milestoneAt(reward.milestone);
  return (
    <>
      {confetti && <Confetti durationMs={REWARD_TIMINGS.confetti} />}
      <Modal open onOpenChange={(o) => !o && onClose()} title="Congratulations!">
        <div className="mt-4 text-center" data-testid="celebration">
          <p className="text-5xl" aria-hidden="true">
            {milestone?.emoji}
          </p>
          <p className="mt-2 text-lg font-bold">
            {milestone?.name} · {reward.milestone} days
          </p>
          <p className="mt-1 text-muted">Your {TRIAL_LABELS[reward.tier]} trial has started: {reward.reward}.</p>
          {showFeatures && (
            <CheckList items={reward.features} className="mt-4 text-left" label="Included features" />
          )}
          <Button className="mt-6" block onClick={onClose}>
            Continue
          </Button>
        </div>
      </Modal>
    </>
  );
}
