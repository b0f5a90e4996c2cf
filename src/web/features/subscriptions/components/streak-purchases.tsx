import { ApiError } from '@web/lib/api-client';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { useStartCheckout } from '../api/streak-checkout';
import { STREAK_PURCHASE_TEXTS, SUBSCRIPTION_TIMINGS } from '../texts';

/** 'BUY 1 SHIELD' on the streak screen: starts the shield checkout; a failure says why in a toast. */
export function BuyShieldButton({ className }: { className?: string }) {
  const checkout = useStartCheckout();
  const buy = () =>
    checkout.mutate('freeze_day', {
      onError: (err) =>
        toast({
          title: STREAK_PURCHASE_TEXTS.checkoutFailedTitle,
          description: err instanceof ApiError && err.status !== 404 ? err.serverMessage : STREAK_PURCHASE_TEXTS.checkoutFailedBody,
          variant: 'destructive',
          duration: SUBSCRIPTION_TIMINGS.checkoutToast,
        }),
    });
  return (
    <Button className={className} block onClick={buy} disabled={checkout.isPending}>
      {STREAK_PURCHASE_TEXTS.buyShield}
    </Button>
  );
}

/** The paid streak recovery of the dashboard's 'Recover Your Streak' modal. */
export function useRecoveryCheckout(): { start: () => void; pending: boolean } {
  const checkout = useStartCheckout();
  return {
    start: () =>
      checkout.mutate('streak_recovery', {
        onError: () => toast({ title: 'Error', description: STREAK_PURCHASE_TEXTS.checkoutFailedDashboard, variant: 'destructive' }),
      }),
    pending: checkout.isPending,
  };
}
