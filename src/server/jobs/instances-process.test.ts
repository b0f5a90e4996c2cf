import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDb, type DbHandle } from '../db/client';
import { sessions, streakFrozenDays, streakLedger, streakStates, users } from '../db/schema/index';
import { hashToken, SESSION_COOKIE } from '../plugins/session';
import { SIGNIN_FAILURE_LIMIT } from '../modules/auth/service';
import { AUTH_IP_LIMIT } from '../plugins/rate-limit';
import { createEmptyPostgresDb } from '@test/helpers/db';
import { startServerProcess, type ServerProcess } from '@test/helpers/server-process';
import { findLink, startSmtpSink } from '@test/fakes/smtp';

/**
 * Issue 25: two real server processes on one PostgreSQL (and one Redis when TEST_REDIS_URL is set), each with
 * its job runner on, behave as one: a session made on one works on the other and signing out ends it on both,
 * the sign-in limits count across both, a missed day uses exactly one shield, and a sign-up sends one e-mail.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const PASSWORD = 'Secret1!';

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let drop: (() => Promise<void>) | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let a: ServerProcess;
  let b: ServerProcess;
  let check: DbHandle;

  beforeAll(async () => {
    const empty = await createEmptyPostgresDb(process.env.TEST_DATABASE_URL!, 'big7_two');
    drop = empty.drop;
    smtp = await startSmtpSink();
    const env = {
      DATABASE_URL: empty.url,
      SMTP_URL: smtp.url,
      JOBS: 'on',
      JOBS_POLL_MS: '100',
      ROLLOVER_INTERVAL_SECONDS: '1',
      DEV_TOOLS: 'on',
      TEST_CLOCK: 'on',
      // The test's requests come from 127.0.0.1 (the trusted proxy) with a client address of their choosing.
      TRUST_PROXY: '127.0.0.1',
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    };
    // Started together: they migrate one at a time.
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    check = await openDb({ databaseUrl: empty.url, migrate: false, poolMax: 2, onIdleError: () => {} });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await check?.close();
    await smtp?.close();
    await drop?.();
  });

  /** A client address no earlier run used (the IP limit's counters may live in Redis). */
  const freshIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  const call = async (server: ServerProcess, method: string, url: string, opts: { body?: unknown; cookie?: string; ip?: string } = {}) => {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
        'x-forwarded-for': opts.ip ?? freshIp(),
      },
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, cookie: res.headers.getSetCookie()[0]?.split(';')[0] };
  };

  it('one e-mail per sign-up; a session made on one works on the other; signing out on one ends it on both', async () => {
    const ip = freshIp();
    const emails = Array.from({ length: 6 }, (_, i) => `two-${i}-${randomUUID().slice(0, 8)}@example.com`);
    for (const [i, email] of emails.entries()) {
      const res = await call(i % 2 ? b : a, 'POST', '/api/auth/signup', { ip, body: { firstName: 'Two', email, password: PASSWORD, timezone: 'UTC' } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    for (const email of emails) await smtp.waitFor((m) => m.to.includes(email), 30_000);
    // Both runners keep polling the queue: still one message each after several more rounds.
    await new Promise((r) => setTimeout(r, 1500));
    for (const email of emails) expect(smtp.messages.filter((m) => m.to.includes(email)), email).toHaveLength(1);

    // Verified through the link on the other instance from the one signed up on.
    const email = emails[0]!;
    const mail = smtp.messages.find((m) => m.to.includes(email))!;
    const token = new URL(findLink(mail, `${a.url}/verify-email?token=`)).searchParams.get('token')!;
    expect((await call(b, 'GET', `/api/auth/verify-email?token=${encodeURIComponent(token)}`, { ip })).status).toBe(200);

    const signin = await call(a, 'POST', '/api/auth/signin', { ip, body: { email, password: PASSWORD } });
    expect(signin.status).toBe(200);
    const cookie = signin.cookie!;
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
    for (const server of [a, b]) {
      const me = await call(server, 'GET', '/api/auth/user', { cookie, ip });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ email });
    }
    expect((await call(b, 'POST', '/api/auth/logout', { cookie, ip })).status).toBe(200);
    for (const server of [a, b]) expect((await call(server, 'GET', '/api/auth/user', { cookie, ip })).status).toBe(401);
  }, 90_000);

  it('the failed sign-in limit for an address counts across both', async () => {
    const email = `limit-${randomUUID().slice(0, 8)}@example.com`;
    expect((await call(a, 'POST', '/api/auth/signup', { body: { firstName: 'Limit', email, password: PASSWORD, timezone: 'UTC' } })).status).toBe(201);
    for (let i = 0; i < SIGNIN_FAILURE_LIMIT; i++) {
      const res = await call(i % 2 ? b : a, 'POST', '/api/auth/signin', { body: { email, password: 'Wrong-password1' } });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    for (const server of [a, b]) expect((await call(server, 'POST', '/api/auth/signin', { body: { email, password: 'Wrong-password1' } })).status).toBe(429);
  }, 60_000);

  it.runIf(redisUrl)('with Redis, the per-address limit of the sign-in routes counts across both', async () => {
    const ip = freshIp();
    for (let i = 0; i < AUTH_IP_LIMIT.max; i++) {
      const res = await call(i % 2 ? b : a, 'POST', '/api/auth/signin', { ip, body: { email: `nobody-${i}@example.com`, password: PASSWORD } });
      expect(res.status, `call ${i + 1}`).not.toBe(429);
    }
    for (const server of [a, b]) {
      const res = await call(server, 'POST', '/api/auth/signin', { ip, body: { email: 'nobody@example.com', password: PASSWORD } });
      expect(res.status).toBe(429);
    }
  }, 90_000);

  it('a missed day uses exactly one shield with both job runners on', async () => {
    // Someone in UTC who joined long ago, with a session, a 10-day streak and 2 shields, checked in today.
    const [user] = await check.db
      .insert(users)
      .values({ email: `shield-${randomUUID().slice(0, 8)}@example.com`, firstName: 'Shield', timezone: 'UTC', createdAt: new Date('2025-01-01T00:00:00Z'), emailVerifiedAt: new Date('2025-01-01T00:00:00Z') })
      .returning({ id: users.id });
    const token = randomBytes(32).toString('base64url');
    const day = new Date().toISOString().slice(0, 10);
    await check.db.insert(sessions).values({ id: hashToken(token), userId: user!.id, createdAt: new Date(`${day}T00:00:00Z`), expiresAt: new Date(Date.now() + 30 * 86_400_000) });
    const cookie = `${SESSION_COOKIE}=${token}`;
    await Promise.all([a.setClock(`${day}T21:00:00Z`), b.setClock(`${day}T21:00:00Z`)]);
    expect((await call(a, 'POST', '/api/test/set-streak', { cookie, body: { days: 10 } })).status).toBe(200);
    expect((await call(b, 'POST', '/api/streak/reset-freeze-days', { cookie, body: { freezeDays: 2 } })).status).toBe(200);
    const checkIn = await call(a, 'POST', '/api/checkins', { cookie, body: { answers: [true, true, true, true, true, true, true] } });
    expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(201);

    // The next day passes with no check-in: both instances' rollovers see it end.
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const dayAfter = new Date(Date.parse(`${day}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    await Promise.all([a.setClock(`${dayAfter}T06:00:00Z`), b.setClock(`${dayAfter}T06:00:00Z`)]);
    const ledger = () =>
      check.db
        .select({ date: streakLedger.date, reason: streakLedger.reason, shieldsDelta: streakLedger.shieldsDelta })
        .from(streakLedger)
        .where(eq(streakLedger.userId, user!.id));
    await expect
      .poll(async () => (await ledger()).filter((r) => r.reason === 'shield-used').length, { timeout: 30_000, interval: 200 })
      .toBe(1);
    // Several more rounds of both runners change nothing.
    await new Promise((r) => setTimeout(r, 3000));
    const rows = (await ledger()).filter((r) => ['shield-used', 'break'].includes(r.reason));
    expect(rows).toEqual([{ date: next, reason: 'shield-used', shieldsDelta: -1 }]);
    const [state] = await check.db.select().from(streakStates).where(eq(streakStates.userId, user!.id));
    expect({ shields: state!.freezeDaysRemaining, streak: state!.currentStreak }).toEqual({ shields: 1, streak: 11 });
    const frozen = await check.db.select({ date: streakFrozenDays.date }).from(streakFrozenDays).where(eq(streakFrozenDays.userId, user!.id));
    expect(frozen).toEqual([{ date: next }]);
    expect((await call(b, 'GET', '/api/streak', { cookie })).status).toBe(200);
  }, 90_000);
});
