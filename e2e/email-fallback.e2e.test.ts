import { expect, test, useApp } from './fixtures';
import { findLink } from '../test/fakes/smtp';
import { seriousA11yViolations } from './helpers/browser';
import { signUpAndSignIn } from './helpers/users';

/**
 * The e-mail reminder fallback (issue 12, decision 021) in the browser: on an iPhone whose Safari has not put Big 7
 * on the Home Screen (so push cannot reach it), /notifications explains and recommends the opt-in switch; turned
 * on with the keyboard, the daily reminder arrives by e-mail at the check-in time (the server's test clock), with
 * a link to the check-in and one back to /notifications, where the switch turns the e-mails off again.
 */
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DAY = '2026-12-01';

const e2e = useApp({ env: { DEV_TOOLS: 'on', TEST_CLOCK: 'on' } });
// One page for the journey (the switch is turned on in the first test and off from the e-mail's link in the second).
const shared = e2e.sharedPage({ userAgent: IPHONE_SAFARI, timezoneId: 'UTC' }, async () => {
  await e2e.app.setClock({ at: `${DAY}T12:00:00Z` });
});

const settings = async () => (await shared.page.request.get('/api/notifications/settings')).json();
const SWITCH = 'E-mail me when push cannot reach me';

test.describe('e-mail reminders when push cannot reach the user', () => {
  let email = '';

  test('/notifications explains the switch, recommends it on iOS outside the Home Screen, and turns it on from the keyboard', async () => {
    const { page } = shared;
    ({ email } = await signUpAndSignIn(page, e2e.app, { firstName: 'Iris', timezone: 'UTC' }));
    await page.goto('/notifications');
    const card = page.getByTestId('email-fallback');
    await card.getByRole('heading', { name: 'E-mail reminders' }).waitFor();
    const toggle = page.getByRole('switch', { name: SWITCH });
    await expect.poll(() => toggle.isDisabled()).toBe(false);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    // The explanation and the current state are the switch's description, for a screen reader too.
    const described = (await toggle.getAttribute('aria-describedby'))!.split(' ');
    const description = (await Promise.all(described.map((id) => page.locator(`[id="${id}"]`).innerText()))).join(' ');
    expect(description).toContain(`your reminders come by e-mail to ${email} instead`);
    expect(description).toContain('only if you have not checked in yet');
    expect(description).toContain('push works here only when Big 7 is on your Home Screen');
    expect(description).toContain('reminders cannot reach you');

    await toggle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    // The switch and its status line say it; no toast repeats them (issue 30).
    await expect(page.locator('[data-variant]')).toHaveCount(0);
    await expect.poll(settings).toMatchObject({ emailFallback: true, dailyReminders: true });
    await card.getByText('No device can get push right now: your reminders come by e-mail.').waitFor();
    const check = await (await page.request.get('/api/notifications/check')).json();
    expect(check).toMatchObject({ subscribed: false, nextDailyAt: `${DAY}T20:00:00.000Z` });
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('at the check-in time the reminder comes by e-mail; its link leads back to /notifications, where the switch turns it off', async () => {
    const { page, errors } = shared;
    const { app } = e2e;
    const since = app.smtp.messages.length;
    await app.setClock({ at: `${DAY}T20:00:05Z` });
    const mail = await app.smtp.waitFor((m) => m.to.includes(email) && m.subject === 'Your Big 7 check-in window is open', 30_000);
    expect(mail.text).toMatch(/^Hi Iris,/m);
    expect(findLink(mail, `${app.url}/checkin`)).toBe(`${app.url}/checkin`);
    const off = findLink(mail, `${app.url}/notifications`);
    expect(app.smtp.messages.slice(since).filter((m) => m.to.includes(email) && m.subject === mail.subject)).toHaveLength(1);

    await page.goto(off);
    const toggle = page.getByRole('switch', { name: SWITCH });
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await expect.poll(settings).toMatchObject({ emailFallback: false });
    expect((await (await page.request.get('/api/notifications/check')).json()).nextLastChanceAt).toBeNull();
    expect(errors.filter((e) => !/service worker|serviceWorker|push/i.test(e))).toEqual([]);
  });
});
