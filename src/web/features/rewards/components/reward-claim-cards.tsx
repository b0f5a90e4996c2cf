import { useAvailableRewards } from '../api/get-available-rewards';
import { openRewardModal } from '../reward-store';

/** One card per reward the server says is available; tapping opens the reward modal. */
export function RewardClaimCards() {
  const { data } = useAvailableRewards();
  const rewards = data?.availableRewards ?? [];
  if (!rewards.length) return null;
  return (
    <div className="space-y-3">
      {rewards.map((r) => (
        <button
          key={r.type}
          type="button"
          onClick={() => openRewardModal(r.type)}
          data-testid={`reward-card-${r.type}`}
          className="flex min-h-16 w-full items-center gap-3 rounded-2xl border border-success-fg/30 bg-success-bg p-4 text-left text-success-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
        >
          <span className="text-3xl" aria-hidden="true">
            🎁
          </span>
          <span className="flex-1">
            <span className="block font-bold">{r.milestone}-Day Milestone Reward</span>
            <span className="block text-sm">{r.reward} · Tap to claim</span>
          </span>
        </button>
      ))}
    </div>
  );
}
