import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser, newUserWithCalls } from '@test/helpers/users';
import { eq } from 'drizzle-orm';
import { users } from '@server/db/schema/index';
import { rolloverTick } from '@server/jobs/rollover';

const DAY = 86_400_000;

describe.each(testEngines())('subscriptions, rewards and coupons on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { DEV_TOOLS: 'on' }, now: '2026-03-10T12:00:00Z' });
  });
  afterAll(async () => t.close());

  const newUser = (overrides: Parameters<typeof createUser>[1] = {}) => newUserWithCalls(t.app, overrides);

  it('a new user is on the free tier with no trials', async () => {
    const { call } = await newUser();
    expect((await call('GET', '/api/subscription')).body).toEqual({
      tier: 'free',
      premiumExpiresAt: null,
      aiCoachExpiresAt: null,
      trialJustExpired: null,
      previousTier: null,
      billing: null,
    });
    expect((await call('GET', '/api/rewards/available')).body).toEqual({ availableRewards: [] });
  });

  it('claims the 30-day reward once: a 30-day Premium trial with 5 shields; it ends back on free, noticed once', async () => {
    t.clock.set('2026-03-10T12:00:00Z');
    const { call } = await newUser();
    await call('POST', '/api/test/set-streak', { days: 30 });
    expect((await call('GET', '/api/rewards/available')).body.availableRewards).toEqual([
      { type: 'premium', reward: '30 days of Premium free', milestone: 30 },
    ]);
    expect((await call('POST', '/api/rewards/claim', { rewardType: 'ai-coach' })).status).toBe(400); // not earned
    const claim = await call('POST', '/api/rewards/claim', { rewardType: 'premium' });
    expect(claim.status).toBe(200);
    expect(claim.body.subscription).toMatchObject({ tier: 'premium', previousTier: 'free' });
    expect(Date.parse(claim.body.subscription.premiumExpiresAt)).toBe(Date.parse('2026-03-10T12:00:00Z') + 30 * DAY);
    expect((await call('GET', '/api/streak')).body.freezeDaysRemaining).toBe(5);
    const ledger = (await call('GET', '/api/streak/ledger')).body.entries;
    expect(ledger.some((e: { reason: string; shieldsDelta: number }) => e.reason === 'tier-grant' && e.shieldsDelta === 5)).toBe(true);

    const again = await call('POST', '/api/rewards/claim', { rewardType: 'premium' });
    expect(again.status).toBe(409);
    expect((await call('GET', '/api/rewards/available')).body.availableRewards).toEqual([]);
    expect((await call('POST', '/api/rewards/claim', {})).status).toBe(400);

    // One second before the end: still premium.
    t.clock.set(new Date(Date.parse('2026-03-10T12:00:00Z') + 30 * DAY - 1000));
    expect((await call('GET', '/api/subscription')).body.tier).toBe('premium');
    t.clock.set(new Date(Date.parse('2026-03-10T12:00:00Z') + 30 * DAY + 1000));
    const expired = (await call('GET', '/api/subscription')).body;
    expect(expired).toMatchObject({ tier: 'free', trialJustExpired: 'premium', previousTier: 'free', premiumExpiresAt: null });
    expect((await call('POST', '/api/subscription/dismiss-trial-expiry', { trialType: 'premium' })).status).toBe(200);
    expect((await call('GET', '/api/subscription')).body.trialJustExpired).toBeNull();
    expect((await call('POST', '/api/rewards/claim', { rewardType: 'premium' })).status).toBe(409);
    // Developer tool shows the notice again.
    expect((await call('POST', '/api/developer/reset-trial-notification', {})).status).toBe(200);
    expect((await call('GET', '/api/subscription')).body.trialJustExpired).toBe('premium');
  });

  it('the job ends due trials without anyone reading', async () => {
    t.clock.set('2026-04-01T12:00:00Z');
    const { call } = await newUser();
    await call('POST', '/api/coupons/redeem', { code: 'OFFERAI30' });
    const r = await rolloverTick(t.ctx(new Date(Date.parse('2026-04-01T12:00:00Z') + 31 * DAY)));
    expect(r.trialsExpired).toBeGreaterThanOrEqual(1);
    t.clock.set(new Date(Date.parse('2026-04-01T12:00:00Z') + 31 * DAY));
    expect((await call('GET', '/api/subscription')).body).toMatchObject({ tier: 'free', trialJustExpired: 'ai-coach' });
  });

  it('premium users only get the 100-day reward', async () => {
    t.clock.set('2026-03-10T12:00:00Z');
    const { call } = await newUser({ tier: 'premium' });
    await call('POST', '/api/test/set-streak', { days: 100 });
    expect((await call('GET', '/api/rewards/available')).body.availableRewards.map((r: { type: string }) => r.type)).toEqual([
      'ai-coach',
    ]);
    expect((await call('POST', '/api/rewards/claim', { rewardType: 'premium' })).status).toBe(400);
    const c = await call('POST', '/api/rewards/claim', { rewardType: 'ai-coach' });
    expect(c.body.subscription).toMatchObject({ tier: 'ai-coach', previousTier: 'premium' });
    t.clock.set(new Date(Date.parse('2026-03-10T12:00:00Z') + 31 * DAY));
    expect((await call('GET', '/api/subscription')).body).toMatchObject({ tier: 'premium', trialJustExpired: 'ai-coach' });
  });

  it('coupons: each once per user; unknown codes refused; nothing changes on refusal', async () => {
    t.clock.set('2026-03-10T12:00:00Z');
    const { call, user } = await newUser();
    const offerUsed = async () => (await t.app.db.select({ used: users.premiumOfferUsed }).from(users).where(eq(users.id, user.id)))[0]?.used;
    expect(await offerUsed()).toBe(false);
    const r = await call('POST', '/api/coupons/redeem', { code: 'offerpremium30' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: expect.any(String), benefit: '30 days of Premium free' });
    expect((await call('GET', '/api/subscription')).body.tier).toBe('premium');
    // The Premium offer is used (through the auth service): the deletion screen no longer offers it.
    expect(await offerUsed()).toBe(true);
    const reuse = await call('POST', '/api/coupons/redeem', { code: 'OFFERPREMIUM30' });
    expect(reuse.status).toBe(409);
    expect(reuse.body.message).toBe('You have already used this coupon code');
    const bad = await call('POST', '/api/coupons/redeem', { code: 'FREESTUFF' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('This coupon code is not valid or has expired');
    expect((await call('POST', '/api/coupons/redeem', { code: '   ' })).status).toBe(400);
    const ai = await call('POST', '/api/coupons/redeem', { code: 'OFFERAI30' });
    expect(ai.body.benefit).toBe('30 days of AI Coach free');
    const sub = (await call('GET', '/api/subscription')).body;
    expect(sub).toMatchObject({ tier: 'ai-coach', previousTier: 'free' });
    expect((await call('GET', '/api/streak')).body.freezeDaysRemaining).toBe(15);
    // Both trials end together here; the user returns to the tier before the first trial.
    t.clock.set(new Date(Date.parse('2026-03-10T12:00:00Z') + 30 * DAY + 1));
    expect((await call('GET', '/api/subscription')).body).toMatchObject({ tier: 'free', trialJustExpired: 'ai-coach' });
  });

  it('an AI Coach coupon on the paid AI Coach tier is refused and uses nothing', async () => {
    const { call } = await newUser({ tier: 'ai-coach' });
    const r = await call('POST', '/api/coupons/redeem', { code: 'OFFERAI30' });
    expect(r.status).toBe(400);
    expect((await call('GET', '/api/subscription')).body.tier).toBe('ai-coach');
  });
});
