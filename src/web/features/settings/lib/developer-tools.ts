/**
 * What the developer tools (components/developer-tools.tsx) do around their calls: the simulated shield payment,
 * the refresh after each call, the days field's check and the test notification's toast. The calls themselves are
 * one file each under api/ (or the owning feature's api/: the coupon, the test notification, the checkout).
 */
import { ApiError } from '@web/lib/api-client';
import { currentUserQueryKey } from '@web/features/auth/api/get-current-user';
import { queryClient } from '@web/lib/query-client';
import { CHECK_INS_KEY } from '@web/lib/check-ins';
import { STREAK_KEY } from '@web/features/streaks/api/get-streak';
import { REWARDS_KEY } from '@web/features/rewards/api/get-available-rewards';
import { SUBSCRIPTION_KEY } from '@web/features/subscriptions/api/get-subscription';
import { payTestCheckout } from '@web/features/subscriptions/api/pay-test-checkout';
import { createCheckoutSession } from '@web/features/subscriptions/api/create-checkout-session';

/**
 * The simulated payment-success redirect: buys one shield through the built-in test checkout (create a session,
 * pay it) and answers the success page's address, /payment-success?session_id=test_session_…&type=shield. With
 * Stripe configured the test checkout is off (404) and so is this tool.
 */
export async function simulateShieldPayment(): Promise<string> {
  const url = await createCheckoutSession('freeze_day');
  const id = new URL(url, 'http://app.invalid').searchParams.get('session_id');
  if (!id) throw new Error('This tool needs the built-in test checkout (Stripe is configured on this server).');
  return (await payTestCheckout(id)).url;
}

/** After any developer action every streak, subscription, reward and user view is refetched. */
export function refreshAfterDevAction(): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: STREAK_KEY }),
    queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEY }),
    queryClient.invalidateQueries({ queryKey: REWARDS_KEY }),
    queryClient.invalidateQueries({ queryKey: CHECK_INS_KEY }),
    queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  ]);
}

/** A whole number inside [min, max], or the message to show. */
export function parseDays(raw: string, min: number, max: number): { value: number } | { error: string } {
  const t = raw.trim();
  const message = `Enter a whole number of days from ${min} to ${max}`;
  if (!/^\d+$/.test(t)) return { error: message };
  const n = Number(t);
  if (n < min || n > max) return { error: message };
  return { value: n };
}

/**
 * The toast after 'Send Test Notification' (POST /api/notifications/send-test: a push to each of this user's
 * devices now; 409 without a subscribed device, 502 when no push service took it).
 */
export function testNotificationToast(result: { devices: number } | unknown): { title: string; description: string; variant?: 'destructive' } {
  if (result instanceof ApiError) {
    if (result.status === 409) return { title: 'No Device Subscribed', description: 'Turn on Notifications above and allow them in your browser, then try again.', variant: 'destructive' };
    if (result.status === 502) return { title: 'Test Notification Failed', description: 'The push service did not accept it. Turn Notifications off and on again to renew this device.', variant: 'destructive' };
    return { title: 'Test Notification Failed', description: result.serverMessage, variant: 'destructive' };
  }
  if (result instanceof Error) return { title: 'Test Notification Failed', description: result.message, variant: 'destructive' };
  const devices = (result as { devices?: number }).devices ?? 0;
  return {
    title: 'Test Notification Sent',
    description: `Sent to ${devices} ${devices === 1 ? 'device' : 'devices'}. It should appear in a few seconds.`,
  };
}
