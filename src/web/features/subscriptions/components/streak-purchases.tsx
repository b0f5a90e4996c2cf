import { useState } from 'react';
import { ApiError } from '@web/lib/api-client';
import { verifyFirstMessage } from '@web/lib/verify-first';
import { Button } from '@web/components/ui/button';
import { InlineNotice } from '@web/components/ui/notice';
import { toast } from '@web/components/ui/toast';
import { useStartCheckout } from '../api/create-checkout-session';
import { STREAK_PURCHASE_TEXTS, SUBSCRIPTION_TIMINGS } from '../texts';

/**
 * 'BUY 1 SHIELD' on the streak screen: starts the shield checkout; a failure says why in a toast, and an address
 * still to verify is said in place, under the button (docs/decisions/037).
 */
export function BuyShieldButton({ className }: { className?: string }) {
  const checkout = useStartCheckout();
  const [notice, setNotice] = useState<string | null>(null);
  const buy = () =>
    checkout.mutate('freeze_day', {
      onSuccess: () => setNotice(null),
      onError: (err) => {
        const verifyFirst = verifyFirstMessage(err);
        if (verifyFirst) return setNotice(verifyFirst);
        toast({
          title: STREAK_PURCHASE_TEXTS.checkoutFailedTitle,
          description: err instanceof ApiError && err.status !== 404 ? err.serverMessage : STREAK_PURCHASE_TEXTS.checkoutFailedBody,
          variant: 'destructive',
          duration: SUBSCRIPTION_TIMINGS.checkoutToast,
        });
      },
    });
  return (
    <>
      <Button className={className} block onClick={buy} disabled={checkout.isPending}>
        {STREAK_PURCHASE_TEXTS.buyShield}
      </Button>
      {notice && (
        <InlineNotice className="mt-3" testId="verify-first-notice">
          {notice}
        </InlineNotice>
      )}
    </>
  );
}

/**
 * The paid streak recovery of the dashboard's 'Recover Your Streak' modal. `notice`: the sentence to show in the
 * modal when the purchase waits for a verified address (docs/decisions/037); other failures are a toast.
 */
export function useRecoveryCheckout(): { start: () => void; pending: boolean; notice: string | null } {
  const checkout = useStartCheckout();
  const [notice, setNotice] = useState<string | null>(null);
  return {
    start: () =>
      checkout.mutate('streak_recovery', {
        onError: (err) => {
          const verifyFirst = verifyFirstMessage(err);
          if (verifyFirst) return setNotice(verifyFirst);
          toast({ title: 'Error', description: STREAK_PURCHASE_TEXTS.checkoutFailedDashboard, variant: 'destructive' });
        },
      }),
    pending: checkout.isPending,
    notice,
  };
}
