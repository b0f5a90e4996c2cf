import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { TIER_LABELS, tierRank, type Tier } from '@shared/domain/tiers';
import { ApiError } from '@web/lib/api-client';
import { verifyFirstMessage } from '@web/lib/verify-first';
import { currentUserQueryKey } from '@web/features/auth/api/get-current-user';
import { STREAK_KEY } from '@web/features/streaks/api/get-streak';
import { SUBSCRIPTION_KEY, useSubscription } from '../api/get-subscription';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { InlineNotice } from '@web/components/ui/notice';
import { Page, PageHeader } from '@web/components/ui/page';
import { toast } from '@web/components/ui/toast';
import { useBillingPortal } from '../api/billing-portal';
import { useCreateSubscriptionCheckout } from '../api/create-checkout-session';
import { CouponEntry } from '../components/coupon-entry';
import { CurrentPlan } from '../components/current-plan';
import { PlanCard, type PlanAction } from '../components/plan-card';
import { PLANS, recommendedTier } from '../plans';
import { PAYMENT_TEXTS } from '../texts';
import { detached } from '@web/lib/detached';

/** The `payment=success|cancelled` return of a checkout: a toast, then the query is removed. */
function usePaymentReturnToast() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const handled = useRef(false);
  const payment = params.get('payment');
  useEffect(() => {
    if (!payment || handled.current) return;
    handled.current = true;
    if (payment === 'success') {
      toast({ title: 'Payment Successful!', description: PAYMENT_TEXTS.success.subscription });
      void qc.invalidateQueries({ queryKey: SUBSCRIPTION_KEY });
      void qc.invalidateQueries({ queryKey: currentUserQueryKey });
    } else if (payment === 'cancelled') {
      toast({ title: 'Payment Cancelled', description: PAYMENT_TEXTS.subscriptionCancelled });
    }
    void navigate('/upgrade', { replace: true });
  }, [payment, navigate, qc]);
}

function subscriptionErrorText(err: unknown): string | null {
  const server = err instanceof ApiError ? err.serverMessage : err instanceof Error ? err.message : '';
  if (server.includes(PAYMENT_TEXTS.silentCheckoutError)) return null; // spec part 2 §8: silent
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 && server) return server;
  return PAYMENT_TEXTS.subscriptionErrorBody;
}

/** /upgrade (Membership): current plan, coupon entry, the plan cards; upgrade → checkout, downgrade → confirm. */
export default function UpgradeScreen() {
  usePaymentReturnToast();
  const qc = useQueryClient();
  const sub = useSubscription().data;
  const checkout = useCreateSubscriptionCheckout();
  const portal = useBillingPortal();
  const [downgradeTo, setDowngradeTo] = useState<Tier | null>(null);
  // A purchase that waits for a verified address is said in place, above the plans (docs/decisions/037).
  const [verifyNotice, setVerifyNotice] = useState<string | null>(null);
  const current: Tier = sub?.tier ?? 'free';
  const paidTier = sub?.billing?.tier ?? null;
  const scheduled = sub?.billing?.scheduledTier ?? null;

  const actionFor = (tier: Tier, comingSoon?: boolean): PlanAction => {
    if (comingSoon) return 'coming-soon';
    if (tier === current) return 'current';
    if (tier === scheduled) return 'scheduled';
    if (tierRank(tier) > tierRank(current)) return sub?.paymentsUnavailable ? 'unavailable' : 'upgrade';
    return 'downgrade';
  };

  const fail = (err: unknown) => {
    const verifyFirst = verifyFirstMessage(err);
    if (verifyFirst) return setVerifyNotice(verifyFirst);
    const text = subscriptionErrorText(err);
    if (text) toast({ title: PAYMENT_TEXTS.subscriptionErrorTitle, description: text, variant: 'destructive' });
  };

  const change = (tier: Tier) =>
    checkout.mutate(
      { tier },
      {
        onSuccess: detached(async (res) => {
          if (res?.url) {
            window.location.assign(res.url);
            return;
          }
          setDowngradeTo(null);
          toast({ title: 'Membership Updated', description: res?.message ?? `You are on the ${TIER_LABELS[res?.tier ?? tier]} plan.` });
          await Promise.all([
            qc.invalidateQueries({ queryKey: SUBSCRIPTION_KEY }),
            qc.invalidateQueries({ queryKey: currentUserQueryKey }),
            qc.invalidateQueries({ queryKey: STREAK_KEY }),
          ]);
        }),
        onError: (err) => {
          setDowngradeTo(null);
          fail(err);
        },
      },
    );

  const select = (tier: Tier, action: PlanAction) => {
    if (action === 'upgrade') change(tier);
    else if (action === 'downgrade') setDowngradeTo(tier);
  };

  const downgradeText =
    downgradeTo === 'free'
      ? `You will move to the Free plan now${paidTier ? ' and your paid membership ends' : ''}. Your check-ins, streak and shields are kept.`
      : `You will move to ${downgradeTo ? TIER_LABELS[downgradeTo] : ''} at the end of your current billing period. Your data is kept.`;

  return (
    <Page>
      <PageHeader title="Membership" />
      <div className="space-y-4">
        <CurrentPlan />
        {sub?.billing?.manageable && (
          <Button variant="outline" block onClick={() => portal.mutate(undefined, { onError: fail })} disabled={portal.isPending}>
            {portal.isPending ? 'Opening billing...' : 'Manage billing'}
          </Button>
        )}
        {sub?.paymentsUnavailable && (
          <p role="status" className="rounded-xl border border-warning-border bg-warning-bg p-3 text-sm text-warning-fg" data-testid="payments-unavailable">
            {PAYMENT_TEXTS.paymentsUnavailable}
          </p>
        )}
        <CouponEntry />
        <h2 className="pt-2 text-lg font-bold">Plans</h2>
        <p className="text-sm text-muted">{PAYMENT_TEXTS.downgradeNote}</p>
        {verifyNotice && <InlineNotice testId="verify-first-notice">{verifyNotice}</InlineNotice>}
        {PLANS.map((plan) => {
          const action = actionFor(plan.tier, plan.comingSoon);
          return (
            <PlanCard
              key={plan.tier}
              plan={plan}
              action={action}
              recommended={plan.tier === recommendedTier(current)}
              busy={checkout.isPending}
              onSelect={() => select(plan.tier, action)}
            />
          );
        })}
      </div>
      <ConfirmDialog
        open={downgradeTo !== null}
        onOpenChange={(open) => !open && !checkout.isPending && setDowngradeTo(null)}
        title={`Downgrade to ${downgradeTo ? TIER_LABELS[downgradeTo] : ''}?`}
        description={downgradeText}
        confirmLabel="Downgrade"
        busyLabel="Updating..."
        busy={checkout.isPending}
        destructive
        onConfirm={() => downgradeTo && change(downgradeTo)}
      />
    </Page>
  );
}
