import { TIER_LABELS } from '@shared/domain/tiers';
import { useSubscription } from '../api/get-subscription';

const fmt = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/** The current plan as the server reports it, with a running trial's end date. */
export function CurrentPlan() {
  const { data: sub, isPending, isError } = useSubscription();
  if (isPending) return <p className="text-muted">Loading your plan…</p>;
  if (isError || !sub) return <p className="text-danger-text">Your plan could not be loaded.</p>;
  const trialEnd = sub.tier === 'premium' ? sub.premiumExpiresAt : sub.tier === 'ai-coach' ? sub.aiCoachExpiresAt : null;
  return (
    <section className="rounded-2xl border border-border bg-surface p-4" aria-labelledby="current-plan">
      <h2 id="current-plan" className="text-sm font-semibold uppercase text-muted">
        Current plan
      </h2>
      <p className="mt-1 text-2xl font-bold" data-testid="current-tier">
        {TIER_LABELS[sub.tier]}
      </p>
      {trialEnd && <p className="text-muted">Free trial until {fmt(trialEnd)}</p>}
      {sub.billing && (
        <p className="text-muted" data-testid="billing-status">
          {sub.billing.scheduledTier
            ? `Moves to ${TIER_LABELS[sub.billing.scheduledTier]} on ${fmt(sub.billing.periodEnd)}`
            : sub.billing.renews
              ? `${TIER_LABELS[sub.billing.tier]} renews on ${fmt(sub.billing.periodEnd)}`
              : `${TIER_LABELS[sub.billing.tier]} ends on ${fmt(sub.billing.periodEnd)}`}
        </p>
      )}
    </section>
  );
}
