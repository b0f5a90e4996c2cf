import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextOf } from '@server/context';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import { createUser } from '@test/helpers/users';
import { appSettings, couponRedemptions, redeemedOffers } from '@server/db/schema/index';
import { backfillRedeemedOffers } from './service';
import { OFFER_HASH_SECRET_KEY, offerEmailHash } from './offer-hash';

describe.each(testEngines())('offer hash on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => t.close());

  it('is an HMAC of the normalised address under a secret generated once and stored', async () => {
    const a = await offerEmailHash(contextOf(t.app), ' Someone@Example.com ');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(await offerEmailHash(contextOf(t.app), 'someone@example.com')).toBe(a);
    expect(await offerEmailHash(contextOf(t.app), 'someone-else@example.com')).not.toBe(a);
    const rows = await t.app.db.select().from(appSettings).where(eq(appSettings.key, OFFER_HASH_SECRET_KEY));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.value.length).toBeGreaterThanOrEqual(32);
  });

  it('uses HASH_SECRET when configured (a different key gives a different hash)', async () => {
    const t2 = await buildTestApp(engine, { env: { HASH_SECRET: 'x'.repeat(40) } });
    try {
      expect(await offerEmailHash(contextOf(t2.app), 'someone@example.com')).not.toBe(await offerEmailHash(contextOf(t.app), 'someone@example.com'));
    } finally {
      await t2.close();
    }
  });

  it('backfills redemptions made before redeemed_offers existed, once', async () => {
    const user = await createUser(t.app.db, { email: 'early@example.com' });
    await t.app.db.insert(couponRedemptions).values({ userId: user.id, code: 'OFFERAI30' });
    await t.app.db.delete(appSettings).where(eq(appSettings.key, 'redeemed_offers_backfilled'));
    await backfillRedeemedOffers(contextOf(t.app));
    const hash = await offerEmailHash(contextOf(t.app), 'early@example.com');
    const rows = await t.app.db.select().from(redeemedOffers).where(eq(redeemedOffers.emailHash, hash));
    expect(rows.map((r) => r.code)).toEqual(['OFFERAI30']);
    await backfillRedeemedOffers(contextOf(t.app)); // a second start changes nothing
    expect(await t.app.db.select().from(redeemedOffers).where(eq(redeemedOffers.emailHash, hash))).toHaveLength(1);
  });
});
