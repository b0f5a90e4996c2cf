import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { PaymentType } from '@shared/schemas/payments';
import { ApiError } from '@web/lib/api-client';
import { currentUserQueryKey, useCurrentUser } from '@web/features/auth/api/get-current-user';
import type { Tier } from '@shared/domain/tiers';
import { CheckList } from '@web/components/ui/check-list';
import { PLANS } from '../plans';
import { STREAK_KEY } from '@web/features/streaks/api/get-streak';
import { SUBSCRIPTION_KEY } from '../api/get-subscription';
import { ButtonLink } from '@web/components/ui/button';
import { Card, Page, PageHeader } from '@web/components/ui/page';
import { StatusIcon } from '../components/status-icon';
import { processPayment } from '../api/process-payment';
import { PURCHASE_HISTORY_KEY } from '../api/purchase-history';
import { isTestSession, rememberProcessed, wasProcessed } from '../processed-sessions';
import { PAYMENT_TEXTS, RETURN_TARGETS, paymentTypeOf } from '../texts';

/** Extra history entries that keep the browser's Back button on this page; Back then goes to the dashboard. */
const BACK_GUARD_ENTRIES = 10;

type State = { kind: 'processing' } | { kind: 'success' } | { kind: 'error'; message: string };

/** Spec part 1 §8 / part 2 §8: the server's words, else the generic advice. */
function failureText(err: unknown): string {
  if (err instanceof ApiError && err.status !== 401 && err.serverMessage) return err.serverMessage;
  return PAYMENT_TEXTS.processingErrorBody;
}

/** Back navigation from this page goes to the dashboard (not back into the checkout). */
function useBackToDashboard(enabled: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!enabled) return;
    for (let i = 0; i < BACK_GUARD_ENTRIES; i++) window.history.pushState(window.history.state, '', window.location.href);
    const onPop = () => void navigate('/', { replace: true });
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [enabled, navigate]);
}

/** Where each plan's newly unlocked feature lives, and how the success page leads there. */
const UNLOCKED_LEAD: Partial<Record<Tier, { to: string; label: string }>> = {
  premium: { to: '/tips', label: 'See your personalized tips' },
  'ai-coach': { to: '/ai-coach', label: 'Meet your AI Coach' },
  'ad-free': { to: '/', label: 'Back to your dashboard' },
};

/** After a membership payment: what the plan now unlocked, and a way straight there (issue 30). */
function Unlocked() {
  const tier = useCurrentUser().data?.tier;
  const plan = PLANS.find((p) => p.tier === tier && p.tier !== 'free');
  const lead = tier ? UNLOCKED_LEAD[tier] : undefined;
  if (!plan) return null;
  return (
    <div className="mt-4 text-left" data-testid="unlocked">
      <h3 className="font-bold">Now unlocked with {plan.name}</h3>
      <CheckList items={plan.includes} className="mt-2" />
      {lead && (
        <ButtonLink to={lead.to} replace block className="mt-4">
          {lead.label}
        </ButtonLink>
      )}
    </div>
  );
}

/**
 * /payment-success?session_id=…&type=shield|recovery|subscription|other: asks the server once to process the
 * payment (the server checks it with the provider and grants it once), then says how it went.
 */
export default function PaymentSuccessScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const sessionId = params.get('session_id')?.trim() ?? '';
  const type: PaymentType = paymentTypeOf(params.get('type'));
  const test = isTestSession(sessionId);
  const [state, setState] = useState<State>(() =>
    sessionId ? { kind: 'processing' } : { kind: 'error', message: PAYMENT_TEXTS.noSession },
  );
  const started = useRef(false);
  useBackToDashboard(!!sessionId && !test);

  useEffect(() => {
    if (!sessionId || started.current) return;
    started.current = true;
    if (wasProcessed(sessionId)) {
      void navigate('/', { replace: true });
      return;
    }
    processPayment(sessionId, type)
      .then(async () => {
        rememberProcessed(sessionId);
        // The card says it: no toast repeating it (and following the person to the next screen: issue 30).
        setState({ kind: 'success' });
        await Promise.all([
          qc.invalidateQueries({ queryKey: STREAK_KEY }),
          qc.invalidateQueries({ queryKey: SUBSCRIPTION_KEY }),
          qc.invalidateQueries({ queryKey: currentUserQueryKey }),
          qc.invalidateQueries({ queryKey: PURCHASE_HISTORY_KEY }),
        ]);
      })
      .catch((err: unknown) => {
        // The card says it, with the session id to quote: no toast repeating it.
        const message = failureText(err);
        setState({ kind: 'error', message: type === 'shield' && message === PAYMENT_TEXTS.processingErrorBody ? `${message} ${PAYMENT_TEXTS.shieldProcessingError}` : message });
      });
  }, [sessionId, type, navigate, qc]);

  const target = RETURN_TARGETS[type];
  return (
    <Page>
      <PageHeader title="Payment" />
      <Card className="text-center">
        {state.kind === 'processing' && (
          <div role="status" aria-live="polite" className="py-6">
            <div aria-hidden="true" className="mx-auto h-12 w-12 animate-spin rounded-full border-4 border-surface-3 border-t-primary motion-reduce:animate-none" />
            <h2 className="mt-4 text-xl font-bold">Processing your payment...</h2>
            <p className="mt-1 text-muted">Please don't close this page.</p>
          </div>
        )}
        {state.kind === 'success' && (
          <div role="status" aria-live="polite" className="py-4" data-testid="payment-success">
            <StatusIcon kind="success" />
            <h2 className="mt-3 text-2xl font-bold">Payment Successful!</h2>
            <p className="mt-2">{PAYMENT_TEXTS.success[type]}</p>
            {type === 'subscription' && <Unlocked />}
            <ButtonLink to={target} replace block variant={type === 'subscription' ? 'outline' : 'primary'} className="mt-6">
              Return to App
            </ButtonLink>
          </div>
        )}
        {state.kind === 'error' && (
          <div role="alert" className="py-4" data-testid="payment-error">
            <StatusIcon kind="warning" />
            <h2 className="mt-3 text-2xl font-bold">{sessionId ? 'Payment Not Processed' : PAYMENT_TEXTS.noSession}</h2>
            {sessionId && <p className="mt-2">{state.message}</p>}
            {sessionId && (
              <p className="mt-3 text-sm text-muted">
                If you were charged, please contact support and quote this session ID:{' '}
                <code className="break-all rounded bg-surface-2 px-1 text-fg">{sessionId}</code>
              </p>
            )}
            <ButtonLink to={target} replace block className="mt-6">
              Return to App
            </ButtonLink>
          </div>
        )}
      </Card>
    </Page>
  );
}
