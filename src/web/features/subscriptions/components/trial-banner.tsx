import { useEffect, useState } from 'react';
import { TRIAL_DAYS, TRIAL_LABELS, rewardFor, type TrialTier } from '@shared/domain/trials';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/dialog';
import { useSubscription } from '../api/get-subscription';
import { SUBSCRIPTION_TIMINGS } from '../texts';
import { formatDate, trialRemaining, trialStart } from '../trial-time';
import { CheckList } from '@web/components/ui/check-list';

/** 'now', refreshed every minute (the trial countdown's tick). */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), SUBSCRIPTION_TIMINGS.trialCountdownTick);
    return () => clearInterval(t);
  }, []);
  return now;
}

/** A trial banner on the dashboard; tapping it opens the Premium / AI Coach Trial Details modal. */
export function TrialBanner({ tier, expiresAt }: { tier: TrialTier; expiresAt: Date }) {
  const now = useMinuteClock();
  const [open, setOpen] = useState(false);
  const label = TRIAL_LABELS[tier];
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        data-testid={`trial-banner-${tier}`}
        className="flex min-h-14 w-full items-center justify-between gap-3 rounded-2xl border border-warning-border bg-warning-bg px-4 py-3 text-left text-warning-fg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
      >
        <span>
          <span className="block font-bold">{label} Trial</span>
          <span className="block text-sm">Ends {formatDate(expiresAt)}</span>
        </span>
        <span className="text-sm font-semibold" data-testid="trial-remaining">
          {trialRemaining(expiresAt, now)}
        </span>
      </button>
      <Modal open={open} onOpenChange={setOpen} title={`${label} Trial Details`}>
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
        <Button className="mt-6" block onClick={() => setOpen(false)}>
          Got it
        </Button>
      </Modal>
    </>
  );
}

/** Trial banners for premium and ai-coach with an expiry date (spec part 1 §4.8). */
export function TrialBanners() {
  const { data: sub } = useSubscription();
  if (!sub) return null;
  const banners: Array<{ tier: TrialTier; expiresAt: Date }> = [];
  if (sub.tier === 'premium' && sub.premiumExpiresAt) banners.push({ tier: 'premium', expiresAt: new Date(sub.premiumExpiresAt) });
  if (sub.tier === 'ai-coach' && sub.aiCoachExpiresAt) banners.push({ tier: 'ai-coach', expiresAt: new Date(sub.aiCoachExpiresAt) });
  if (!banners.length) return null;
  return (
    <div className="space-y-3">
      {banners.map((b) => (
        <TrialBanner key={b.tier} tier={b.tier} expiresAt={b.expiresAt} />
      ))}
    </div>
  );
}
