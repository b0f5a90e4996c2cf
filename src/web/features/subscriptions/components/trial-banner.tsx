import { useEffect, useState } from 'react';
import { lazyComponent } from '@web/lib/lazy-component';
import { TRIAL_LABELS, type TrialTier } from '@shared/domain/trials';
import { useSubscription } from '../api/get-subscription';
import { SUBSCRIPTION_TIMINGS } from '../texts';
import { formatDate, trialRemaining } from '../trial-time';

const TrialDetailsModal = lazyComponent(() => import('./trial-details-modal').then((m) => m.TrialDetailsModal));

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
      {/* The details' code loads when they first open (issue 26: the dashboard's first view does not show them). */}
      {open && <TrialDetailsModal tier={tier} expiresAt={expiresAt} now={now} onClose={() => setOpen(false)} />}
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
