import { expect, test, useApp } from './fixtures';
import type { BrowserContext, Page } from '@playwright/test';
import { startPushService, type FakePushService, type TestSubscription } from '@test/fakes/push-service';
import { signUpAndSignIn } from './helpers/users';

/**
 * Notifications in the browser (issue 12, client): the Enable Push Notifications modal 1.5 s after the dashboard
 * loads (Not now turns daily reminders off and is not shown again), the /settings toggles (the main one shows what
 * is true on this device and why; the last chance needs it: 'Main Notifications Required'; turning on asks
 * permission and shows 'Notifications Ready'), the re-registration at every app start, and the /notifications
 * reminder health (this device as the server knows it).
 *
 * Headless Chromium here reaches no browser push service, so the page's PushManager is replaced by one that hands
 * out a subscription on a push service this test serves on 127.0.0.1 (test/fakes/push-service.ts: it checks the
 * VAPID JWT and decrypts what the server sends).
 */
let page: Page;
let context: BrowserContext;
let push: FakePushService;
let device: TestSubscription;

/** Replaces PushManager's subscribe/getSubscription in the page (serialised by Playwright: self-contained). */
function fakePushManager(sub: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } }) {
  const KEY = 'e2e.fakePushServerKey';
  const make = (serverKey: number[]) => ({
    endpoint: sub.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(serverKey).buffer },
    toJSON: () => sub,
    unsubscribe: async () => {
      localStorage.removeItem(KEY);
      return true;
    },
  });
  PushManager.prototype.getSubscription = async function () {
    const raw = localStorage.getItem(KEY);
    return (raw ? make(JSON.parse(raw) as number[]) : null) as unknown as PushSubscription;
  };
  PushManager.prototype.subscribe = async function (o?: PushSubscriptionOptionsInit) {
    const serverKey = Array.from(new Uint8Array(o!.applicationServerKey as ArrayBuffer));
    localStorage.setItem(KEY, JSON.stringify(serverKey));
    return make(serverKey) as unknown as PushSubscription;
  };
}

const e2e = useApp();
/** One person on one page across the tests (the modal, then the settings it left, then the health screen). */
const shared = e2e.sharedPage({ width: 360, height: 640, hasTouch: false, reducedMotion: 'no-preference' }, async (p, c) => {
  page = p;
  context = c;
  push = await startPushService();
  device = push.subscribe();
  await c.addInitScript(fakePushManager, device.toJSON());
});
test.afterAll(async () => push?.close());

const settings = async () => (await page.request.get('/api/notifications/settings')).json();
const check = async () => (await page.request.get('/api/notifications/check')).json() as Promise<{ devices: number; lastDeliveredAt: string | null }>;
const deviceState = () => page.getByTestId('notifications-state').getAttribute('data-state');

test.describe('notifications', () => {
  test('the modal opens 1.5 s after the dashboard loads; Not now turns reminders off and it stays away', async () => {
    await signUpAndSignIn(page, e2e.app, { firstName: 'Nora', notificationModal: true });
    const started = Date.now();
    const dialog = page.getByRole('dialog', { name: 'Enable Push Notifications' });
    await dialog.waitFor();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    await expect(dialog.getByText("Get notified when it's time to check in and stay on track with your wellness goals.").isVisible()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(settings).toMatchObject({ hasSeenNotificationModal: true, dailyReminders: false });
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.waitForTimeout(2_500);
    expect(await dialog.count()).toBe(0);
  });

  test('/settings: the switch says why it is off; the last-chance toggle needs it; turning it on asks permission and registers this device', async () => {
    await page.goto('/settings');
    const main = page.getByRole('switch', { name: 'Notifications' });
    const last = page.getByRole('switch', { name: 'Last-chance reminder' });
    await main.waitFor();
    await expect.poll(deviceState).toBe('off');
    expect(await main.getAttribute('aria-checked')).toBe('false');
    await page.getByText('Reminders are off. Turn this on for a reminder at 8:00 PM.').waitFor();
    expect(await last.isDisabled()).toBe(true);
    await page.getByText('Main Notifications Required').waitFor();

    await context.grantPermissions(['notifications']);
    await main.click();
    await page.getByText('Notifications Ready').first().waitFor();
    // On once the server has this device: the subscription was registered in the background.
    await expect.poll(async () => main.getAttribute('aria-checked')).toBe('true');
    expect(await deviceState()).toBe('on');
    expect((await check()).devices).toBe(1);
    expect(await last.isDisabled()).toBe(false);
    await expect.poll(settings).toMatchObject({ dailyReminders: true, lastChanceReminders: true });

    await last.click();
    await expect.poll(settings).toMatchObject({ dailyReminders: true, lastChanceReminders: false });
    await main.click();
    await expect.poll(settings).toMatchObject({ dailyReminders: false, lastChanceReminders: false });
    await expect.poll(deviceState).toBe('off');
    expect(await last.isDisabled()).toBe(true);
  });

  test('a device the server dropped is registered again at the next app start, whatever screen opens first', async () => {
    // The push service says the subscription is gone (410): the server removes it.
    push.respond(device.id, 410);
    expect((await page.request.post('/api/notifications/send-test', { data: {} })).status()).toBe(502);
    expect((await check()).devices).toBe(0);
    // An app start on /settings (not the dashboard): the app shell registers this device again.
    await page.goto('/settings');
    await expect.poll(async () => (await check()).devices).toBe(1);
    await page.getByRole('switch', { name: 'Notifications' }).click();
    await expect.poll(deviceState).toBe('on');
  });

  test('/notifications, linked from /settings, shows reminder health with this device as the server knows it', async () => {
    await page.getByRole('link', { name: /Reminder health/ }).click();
    await page.waitForURL((url) => url.pathname === '/notifications');
    const health = page.getByTestId('reminder-health');
    await health.waitFor();
    await health.getByText('Allowed').waitFor();
    await expect.poll(() => page.getByTestId('this-device').textContent()).toBe('Subscribed');
    expect(await health.getByText('Last delivered here').count()).toBe(1);
    await page.getByRole('button', { name: 'Send a test notification' }).click();
    await page.getByText('Test Sent').first().waitFor();
    expect(push.received.filter((m) => m.id === device.id).at(-1)?.json).toMatchObject({ title: 'Test notification' });
    // The last delivery to this device, from the server, once the screen reads it again.
    await page.reload();
    await expect.poll(async () => (await health.locator('dd').nth(2).textContent()) ?? '').not.toBe('None yet');
    expect(shared.errors.filter((e) => !/service worker|serviceWorker|push/i.test(e))).toEqual([]);
  });
});
