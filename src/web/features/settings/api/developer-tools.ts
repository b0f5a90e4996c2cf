import { ApiError, api } from '@web/lib/api-client';
import { currentUserQueryKey } from '@web/lib/current-user';
import { queryClient } from '@web/lib/query-client';
import { CHECK_INS_KEY } from '@web/lib/check-ins';
import { STREAK_KEY } from '@web/features/streaks/api/get-streak';
import { REWARDS_KEY } from '@web/features/rewards/api/rewards';
import { SUBSCRIPTION_KEY } from '@web/features/subscriptions/api/get-subscription';

/** The developer calls of spec part 2 §7 (they answer 404 unless the server runs with developer tools). */
export const devApi = {
  createLostStreak: (lostDays: number) => api.post<{ message: string }>('/api/dev/create-lost-streak', { lostDays }),
  setStreak: (days: number) => api.post<{ message: string }>('/api/test/set-streak', { days }),
  resetStreak: () => api.post<{ message: string }>('/api/test/reset-streak'),
  resetTrialNotification: () => api.post<{ message: string }>('/api/developer/reset-trial-notification', {}),
  simulateShieldProtection: () => api.post<{ message: string }>('/api/test/simulate-shield-protection'),
  resetFreezeDays: (freezeDays: number) => api.post<{ message: string }>('/api/streak/reset-freeze-days', { freezeDays }),
  redeemCoupon: (code: string) => api.post<{ message: string; benefit: string }>('/api/coupons/redeem', { code }),
  sendTestNotification: () => api.post<{ success: true; devices: number }>('/api/notifications/send-test', {}),
  simulateShieldPayment,
};

/**
 * The simulated payment-success redirect: buys one shield through the built-in test checkout (create a session,
 * pay it) and answers the success page's address, /payment-success?session_id=test_session_…&type=shield. With
 * Stripe configured the test checkout is off (404) and so is this tool.
 */
async function simulateShieldPayment(): Promise<string> {
  const start = await api.post<{ url?: string }>('/api/stripe/create-checkout-session', { productType: 'freeze_day' });
  const id = start?.url ? new URL(start.url, 'http://app.invalid').searchParams.get('session_id') : null;
  if (!id) throw new Error('This tool needs the built-in test checkout (Stripe is configured on this server).');
  const paid = await api.post<{ url: string }>(`/api/stripe/test-checkout/${encodeURIComponent(id)}/pay`);
  return paid.url;
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
