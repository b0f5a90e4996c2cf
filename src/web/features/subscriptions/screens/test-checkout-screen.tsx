import { useSearchParams } from 'react-router';
import { ApiError } from '@web/lib/api-client';
import { Button, ButtonLink } from '@web/components/ui/button';
import { Card, Page } from '@web/components/ui/page';
import { toast } from '@web/components/ui/toast';
import { useCancelTestCheckout } from '../api/cancel-test-checkout';
import { useTestCheckout } from '../api/get-test-checkout';
import { usePayTestCheckout } from '../api/pay-test-checkout';

const failed = (err: unknown) =>
  toast({
    title: 'Checkout Failed',
    description: err instanceof ApiError && err.serverMessage ? err.serverMessage : 'Please try again.',
    variant: 'destructive',
  });

/**
 * /test-checkout?session_id=test_session_…: the built-in checkout used when the server has no Stripe keys.
 * Nothing is charged; Pay and Cancel return exactly as Stripe Checkout would.
 */
export default function TestCheckoutScreen() {
  const [params] = useSearchParams();
  const id = params.get('session_id') ?? '';
  const session = useTestCheckout(id);
  const pay = usePayTestCheckout();
  const cancel = useCancelTestCheckout();
  const busy = pay.isPending || cancel.isPending || pay.isSuccess || cancel.isSuccess;
  const s = session.data;

  return (
    <Page withNav={false}>
      <p
        role="note"
        className="mb-4 rounded-xl border-2 border-warning-border bg-warning-bg px-4 py-3 text-center font-bold uppercase tracking-wide text-warning-fg"
        data-testid="test-mode-banner"
      >
        TEST MODE — no real payment is taken
      </p>
      <h1 className="text-2xl font-bold">Checkout</h1>
      {!id && <p className="mt-4">No session ID found</p>}
      {id && session.isPending && (
        <p role="status" className="mt-4 text-muted">
          Loading checkout...
        </p>
      )}
      {id && session.isError && (
        <Card className="mt-4">
          <p role="alert" className="font-semibold">
            This checkout could not be found.
          </p>
          <p className="text-muted">
            {session.error instanceof ApiError && session.error.serverMessage ? session.error.serverMessage : 'Start the purchase again.'}
          </p>
          <ButtonLink to="/" variant="outline" block className="mt-4">
            Back to the app
          </ButtonLink>
        </Card>
      )}
      {s && (
        <Card className="mt-4">
          <h2 className="text-lg font-bold" data-testid="test-checkout-product">
            {s.description}
          </h2>
          <p className="mt-2">
            <span className="text-3xl font-bold" data-testid="test-checkout-amount">
              ${s.amount.toFixed(2)}
            </span>{' '}
            <span className="text-muted">{s.recurring ? 'per month' : 'one time'}</span>
          </p>
          {s.status === 'open' ? (
            <div className="mt-6 flex flex-col gap-3">
              <Button block onClick={() => pay.mutate(s.id, { onError: failed })} disabled={busy}>
                {pay.isPending ? 'Paying...' : `Pay $${s.amount.toFixed(2)}`}
              </Button>
              <Button block variant="outline" onClick={() => cancel.mutate(s.id, { onError: failed })} disabled={busy}>
                Cancel
              </Button>
            </div>
          ) : s.status === 'paid' ? (
            <>
              <p className="mt-4">This test payment is complete.</p>
              <Button block className="mt-4" onClick={() => pay.mutate(s.id, { onError: failed })} disabled={busy}>
                Continue
              </Button>
            </>
          ) : (
            <>
              <p className="mt-4">This checkout was cancelled.</p>
              <ButtonLink to={s.cancelUrl} variant="outline" block className="mt-4">
                Back to the app
              </ButtonLink>
            </>
          )}
        </Card>
      )}
    </Page>
  );
}
