import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, testEngines } from '@test/helpers/db';
import { createUser } from '@test/helpers/users';
import type { DbHandle } from '../db/client';
import { checkInIdempotencyKeys, emailTokens, sessions, signinFailures } from '../db/schema/index';
import { deleteExpiredSessions } from '../modules/auth/repo';
import { cleanupExpired } from './cleanup';

const NOW = new Date('2026-11-25T12:00:00Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);
const S = 1000;
const H = 3_600_000;
const D = 24 * H;

describe.each(testEngines())('cleanupExpired on %s', (engine) => {
  let h: DbHandle;
  let userId: string;
  /** The services' context at an instant: this database, no app. */
  const ctxAt = (now: Date) => ({ db: h.db, now: () => now });
  beforeAll(async () => {
    h = await createTestDb(engine);
    userId = (await createUser(h.db)).id;
  });
  afterAll(async () => h.close());
  beforeEach(async () => {
    await h.db.delete(sessions);
    await h.db.delete(emailTokens);
    await h.db.delete(signinFailures);
    await h.db.delete(checkInIdempotencyKeys);
  });

  const ids = async () => ({
    sessions: (await h.db.select({ id: sessions.id }).from(sessions)).map((r) => r.id).sort(),
    emailTokens: (await h.db.select({ id: emailTokens.id }).from(emailTokens)).map((r) => r.id).sort(),
    signinFailures: (await h.db.select({ id: signinFailures.id }).from(signinFailures)).map((r) => r.id).sort(),
  });
  const session = (id: string, expiresAt: Date) => ({ id, userId, createdAt: at(-7 * D), expiresAt });
  const token = (id: string, purpose: 'verify-email' | 'reset-password', expiresAt: Date, usedAt: Date | null = null) => ({
    id,
    userId,
    purpose,
    createdAt: at(-30 * D),
    expiresAt,
    usedAt,
  });

  it('deletes what no request can use and keeps the rest', async () => {
    await h.db.insert(sessions).values([
      session('s-expired', at(-S)),
      session('s-expires-now', NOW),
      session('s-live', at(1)),
      session('s-live-week', at(7 * D)),
    ]);
    await h.db.insert(emailTokens).values([
      token('t-used-yesterday', 'verify-email', at(-1 * H), at(-D)),
      token('t-used-now-still-valid', 'reset-password', at(H), NOW), // used less than an hour ago: the e-mail cap counts it
      token('t-expired-8-days', 'reset-password', at(-8 * D)),
      token('t-expired-6-days', 'verify-email', at(-6 * D)), // still answers "expired, request a new one"
      token('t-live-verify', 'verify-email', at(20 * H)),
      token('t-live-reset', 'reset-password', at(30 * 60 * S)),
    ]);
    await h.db.insert(signinFailures).values([
      { id: 'f-25h', email: 'a@example.com', createdAt: at(-25 * H) },
      { id: 'f-23h', email: 'a@example.com', createdAt: at(-23 * H) },
      { id: 'f-1min', email: 'b@example.com', createdAt: at(-60 * S) },
    ]);

    expect(await cleanupExpired(ctxAt(NOW), { batchSize: 2 })).toEqual({ sessions: 2, emailTokens: 2, signinFailures: 1, idempotencyKeys: 0 });
    expect(await ids()).toEqual({
      sessions: ['s-live', 's-live-week'],
      emailTokens: ['t-expired-6-days', 't-live-reset', 't-live-verify', 't-used-now-still-valid'],
      signinFailures: ['f-1min', 'f-23h'],
    });
    // Nothing left to do: a second run deletes nothing.
    expect(await cleanupExpired(ctxAt(NOW))).toEqual({ sessions: 0, emailTokens: 0, signinFailures: 0, idempotencyKeys: 0 });
  });

  it('works through a backlog in batches of the given size, each its own statement', async () => {
    await h.db.insert(sessions).values([
      ...Array.from({ length: 25 }, (_, i) => session(`old-${i}`, at(-i * H - 1))),
      ...Array.from({ length: 5 }, (_, i) => session(`live-${i}`, at(i * H + 1))),
    ]);
    expect(await deleteExpiredSessions(h.db, NOW, 4)).toBe(4);
    expect((await ids()).sessions).toHaveLength(26);
    expect(await cleanupExpired(ctxAt(NOW), { batchSize: 4 })).toMatchObject({ sessions: 21 });
    expect((await ids()).sessions).toEqual(['live-0', 'live-1', 'live-2', 'live-3', 'live-4']);
  });

  it('two clean-ups at once delete each row once and leave the live ones', async () => {
    await h.db.insert(signinFailures).values([
      ...Array.from({ length: 40 }, (_, i) => ({ id: `old-${i}`, email: 'c@example.com', createdAt: at(-2 * D - i * S) })),
      { id: 'recent', email: 'c@example.com', createdAt: at(-S) },
    ]);
    const [a, b] = await Promise.all([cleanupExpired(ctxAt(NOW), { batchSize: 3 }), cleanupExpired(ctxAt(NOW), { batchSize: 3 })]);
    expect(a.signinFailures + b.signinFailures).toBe(40);
    expect((await ids()).signinFailures).toEqual(['recent']);
  });

  it('deletes check-in Idempotency-Key rows older than 48 hours, in batches, and keeps the younger ones', async () => {
    const other = (await createUser(h.db)).id;
    const key = (user: string, k: string, createdAt: Date) => ({ userId: user, key: k, requestHash: 'h', statusCode: 201, response: { id: k }, createdAt });
    await h.db.insert(checkInIdempotencyKeys).values([
      ...Array.from({ length: 7 }, (_, i) => key(userId, `old-${i}`, at(-48 * H - (i + 1) * S))),
      key(other, 'old-other', at(-3 * D)),
      key(userId, 'exactly-48h', at(-48 * H)),
      key(userId, 'recent', at(-47 * H)),
      key(other, 'now', NOW),
    ]);
    const keys = async () => (await h.db.select({ key: checkInIdempotencyKeys.key }).from(checkInIdempotencyKeys)).map((r) => r.key).sort();
    expect(await cleanupExpired(ctxAt(NOW), { batchSize: 3 })).toMatchObject({ idempotencyKeys: 8 });
    expect(await keys()).toEqual(['exactly-48h', 'now', 'recent']);
    expect(await cleanupExpired(ctxAt(NOW))).toMatchObject({ idempotencyKeys: 0 });
    // An hour later the 48-hour-old one goes too.
    expect(await cleanupExpired(ctxAt(at(H)))).toMatchObject({ idempotencyKeys: 1 });
    expect(await keys()).toEqual(['now', 'recent']);
  });

  it('each condition is served by an index (no scan of the whole table)', async () => {
    const plans = await h.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const plan = async (q: ReturnType<typeof sql>) => {
        const res = (await tx.execute(sql`EXPLAIN ${q}`)) as unknown as { rows: Record<string, string>[] };
        return res.rows.map((r) => Object.values(r)[0]).join('\n');
      };
      const now = NOW.toISOString();
      return [
        await plan(sql`SELECT id FROM sessions WHERE expires_at <= ${now}::timestamptz LIMIT 1000`),
        await plan(sql`SELECT id FROM email_tokens WHERE expires_at < ${now}::timestamptz LIMIT 1000`),
        await plan(sql`SELECT id FROM email_tokens WHERE used_at <= ${now}::timestamptz LIMIT 1000`),
        await plan(sql`SELECT id FROM signin_failures WHERE created_at < ${now}::timestamptz LIMIT 1000`),
        await plan(sql`SELECT user_id, key FROM check_in_idempotency_keys WHERE created_at < ${now}::timestamptz LIMIT 1000`),
      ];
    });
    expect(plans[0]).toMatch(/sessions_expires_idx/);
    expect(plans[1]).toMatch(/email_tokens_expires_idx/);
    expect(plans[2]).toMatch(/email_tokens_used_idx/);
    expect(plans[3]).toMatch(/signin_failures_created_idx/);
    expect(plans[4]).toMatch(/check_in_idempotency_created_idx/);
  });
});
