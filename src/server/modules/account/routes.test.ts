import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { buildTestApp, type MemoryMailer, type TestApp } from '@test/helpers/app';
import { testEngines } from '@test/helpers/db';
import type { Db } from '@server/db/client';
import {
  accountDeletions,
  jobs,
  notificationSettings,
  pushSubscriptions,
  reminderSchedules,
  checkInIdempotencyKeys,
  checkIns,
  coachConversations,
  coachMessages,
  coachUsage,
  streakRestDays,
  feedback,
  journalEntries,
  purchases,
  testCheckoutSessions,
  redeemedOffers,
  rewardClaims,
  signinFailures,
  streakFrozenDays,
  streakLedger,
  streakRecoveredDays,
  streakStrengthDays,
  streakStates,
  users,
} from '@server/db/schema/index';
import { SESSION_COOKIE } from '@server/plugins/session';
import { accountExportSchema, CSV_HEADER } from '@shared/schemas/account';
import { COUPON_MESSAGES } from '@shared/schemas/subscriptions';
import { csvCell } from './csv';

const PASSWORD = 'Passw0rd!';

/** Rows of a raw query on either engine. */
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/**
 * Every column in the public schema that points at a user: a column named user_id / userId, or one with a foreign
 * key to users. A table another branch adds later is covered without editing this test.
 */
async function userColumns(db: Db): Promise<Array<{ table: string; column: string }>> {
  const named = await rows<{ table: string; column: string }>(
    db,
    sql`SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name IN ('user_id', 'userId')`,
  );
  const fks = await rows<{ table: string; column: string }>(
    db,
    sql`SELECT kcu.table_name AS "table", kcu.column_name AS "column"
        FROM information_schema.table_constraints tc
        JOIN information_schema.key_column_usage kcu
          ON kcu.constraint_name = tc.constraint_name AND kcu.constraint_schema = tc.constraint_schema
        JOIN information_schema.constraint_column_usage ccu
          ON ccu.constraint_name = tc.constraint_name AND ccu.constraint_schema = tc.constraint_schema
        WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = 'public' AND ccu.table_name = 'users'`,
  );
  const seen = new Map<string, { table: string; column: string }>();
  for (const c of [...named, ...fks]) seen.set(`${c.table}.${c.column}`, c);
  return [...seen.values()];
}

/** Tables with an e-mail column (rows tied to the person by address rather than by id). */
async function emailColumns(db: Db): Promise<Array<{ table: string; column: string }>> {
  return rows(
    db,
    sql`SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name IN ('email', 'user_email')`,
  );
}

/** How many rows of each table still hold the user's id (or e-mail address); only tables with any are listed. */
async function leftovers(db: Db, userId: string, email: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const { table, column } of await userColumns(db)) {
    const [r] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${userId}`);
    if (r!.n > 0) out[`${table}.${column}`] = r!.n;
  }
  for (const { table, column } of await emailColumns(db)) {
    const [r] = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE lower(${sql.identifier(column)}) = ${email}`,
    );
    if (r!.n > 0) out[`${table}.${column}`] = r!.n;
  }
  const [u] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM users WHERE id = ${userId}`);
  if (u!.n > 0) out['users.id'] = u!.n;
  return out;
}

async function pdfText(buf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(buf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe.each(testEngines())('account data on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { now: '2026-03-10T12:00:00Z' });
  });
  afterAll(async () => t.close());

  /** Signs up through the API, follows the verification link and signs in: the session cookie value. */
  async function signUpAndIn(email: string, firstName = 'Dana'): Promise<{ sid: string; userId: string }> {
    const mailer = t.mailer as MemoryMailer;
    const up = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { firstName, email, password: PASSWORD, timezone: 'UTC' } });
    expect(up.statusCode).toBe(201);
    await t.app.jobs.drain(); // the verification e-mail is a queued job
    const token = /token=([A-Za-z0-9_-]+)/.exec(mailer.last(email.toLowerCase())?.text ?? '')?.[1];
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    return { sid: res.cookies.find((c) => c.name === SESSION_COOKIE)!.value, userId: res.json().user.id };
  }

  const as = (sid: string) => ({ cookies: { [SESSION_COOKIE]: sid } });

  /** Two check-ins (the second with a journal holding a comma, a quote and a line break) and rows in the streak tables. */
  async function seedOwnedRows(userId: string) {
    const db = t.app.db;
    const base = { userId, timezone: 'UTC', subscriptionTierAtCheckIn: 'ai-coach' as const, answers: [4, 3, 2, 1, 0, 4, 3] };
    const [c1] = await db
      .insert(checkIns)
      .values({ ...base, localDate: '2026-03-08', restScore: 1, exerciseScore: 0.75, nutritionScore: 0.5, goalsScore: 0.25, boundariesScore: 0, connectionScore: 1, joyScore: 0.75, score: 0.6071 })
      .returning();
    const [c2] = await db
      .insert(checkIns)
      .values({ ...base, localDate: '2026-03-09', restScore: 0.5, exerciseScore: 0.5, nutritionScore: 0.5, goalsScore: 0.5, boundariesScore: 0.5, connectionScore: 0.5, joyScore: 0.5, score: 0.5 })
      .returning();
    await db.insert(journalEntries).values({ checkInId: c2!.id, userId, restJournal: 'Slept well, "finally"\nwoke at 7', joyJournal: '=HYPERLINK("x")' });
    await db.insert(streakStates).values({ userId, currentStreak: 2, bestStreak: 31, checkpoint: 30, lastCompletedDate: '2026-03-09', lastProcessedDate: '2026-03-09' });
    await db.insert(streakFrozenDays).values({ userId, date: '2026-03-01' });
    await db.insert(streakRecoveredDays).values({ userId, date: '2026-03-02', method: 'shield' });
    await db.insert(streakLedger).values({ userId, date: '2026-03-09', reason: 'check-in', description: 'Check-in', currentStreak: 2, freezeDaysRemaining: 0 });
    await db.insert(rewardClaims).values({ userId, rewardType: 'premium' });
    await db.insert(checkInIdempotencyKeys).values({ userId, key: '5d0b8a5e-6f1c-4c1e-9a3b-1f2e3d4c5b6a', requestHash: 'h', statusCode: 201, response: {} });
    const stamp = new Date('2026-03-09T12:00:00Z');
    await db.insert(notificationSettings).values({ userId, updatedAt: stamp }).onConflictDoNothing();
    await db.insert(pushSubscriptions).values({ userId, endpoint: `https://push.example/${userId}`, p256dh: 'k', auth: 'a', createdAt: stamp, updatedAt: stamp });
    await db.insert(reminderSchedules).values({ userId, kind: 'daily', nextAt: stamp }).onConflictDoNothing();
    await db.insert(feedback).values({ id: `fb-${userId}`, userId, name: 'Dana', email: null, message: 'Love it' });
    const [conversation] = await db.insert(coachConversations).values({ userId, title: 'Sleep' }).returning();
    await db.insert(coachMessages).values({ conversationId: conversation!.id, userId, role: 'user', content: 'How do I sleep better?' });
    await db.insert(coachUsage).values({ userId, localDate: '2026-03-10', asks: 1 });
    await db.insert(streakRestDays).values({ userId, date: '2026-03-05' });
    await db.insert(streakStrengthDays).values({ userId, date: '2026-03-01', areas: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7] });
    await db.insert(testCheckoutSessions).values({ id: `test_session_${userId}`, userId, productType: 'freeze_day', amountCents: 99 });
    await db.insert(purchases).values({
      id: `p-${userId}`,
      userId,
      type: 'shield',
      description: '1 shield',
      amountCents: 99,
      status: 'completed',
      provider: 'test',
      providerId: `test_session_${userId}`,
    });
    return { c1: c1!, c2: c2! };
  }

  it('deletes every row the user owns in every table, ends the session, and leaves other users alone', async () => {
    const email = 'leaving@example.com';
    const { sid, userId } = await signUpAndIn(email);
    const other = await signUpAndIn('staying@example.com', 'Sam');
    await seedOwnedRows(userId);
    await seedOwnedRows(other.userId);
    // Rows in the remaining user-owned tables, through the API: a coupon (subscription, redemption, tier change),
    // a failed sign-in (keyed by e-mail), a reset token.
    expect((await t.app.inject({ method: 'POST', url: '/api/coupons/redeem', ...as(sid), payload: { code: 'OFFERPREMIUM30' } })).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password: 'Wrong-pass1!' } });
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });

    const columns = await userColumns(t.app.db);
    const tables = new Set(columns.map((c) => c.table));
    // The generic search finds every user-owned table of today's schema.
    for (const name of ['sessions', 'email_tokens', 'check_ins', 'journal_entries', 'streak_states', 'streak_frozen_days', 'streak_recovered_days', 'streak_ledger', 'subscriptions', 'reward_claims', 'coupon_redemptions', 'tier_changes']) {
      expect(tables, name).toContain(name);
    }
    const before = await leftovers(t.app.db, userId, email);
    // The user had rows in every one of them (so "none left" below means something).
    for (const name of tables) expect(Object.keys(before).some((k) => k.startsWith(`${name}.`)), `seeded ${name}`).toBe(true);
    expect(before['signin_failures.email']).toBeGreaterThan(0);

    // Jobs are nobody's rows, yet they may name the user: in a payload (a queued reminder, a done consumer's
    // record), in a key (a push retry) or by address (a failed e-mail). The other user's stay, also those sent to an
    // address that holds this one inside it.
    const jobRows = (id: string, mail: string, tag: string) => [
      { kind: 'reminders.checked-in', key: `ci-${tag}`, payload: { userId: id, localDate: '2026-03-10', timezone: 'UTC' }, state: 'done' as const },
      { kind: 'push.deliver', key: `reminder:daily:${id}:2026-03-10:sub-${tag}`, payload: { subscriptionId: `sub-${tag}` }, state: 'queued' as const },
      { kind: 'mail.send', key: `mail-${tag}`, payload: { to: mail.toUpperCase(), subject: 's', text: 't' }, state: 'failed' as const },
    ].map((j) => ({ ...j, runAt: new Date(), maxAttempts: 3, createdAt: new Date() }));
    const leaving = jobRows(userId, email, 'leaving');
    const staying = [...jobRows(other.userId, `another.${email}`, 'staying'), ...jobRows(other.userId, `${email}.au`, 'staying-au')];
    // Jobs that list both users' items (a batch of check-ins, of reminders) lose only this user's items.
    const checkedIn = (id: string) => ({ userId: id, localDate: '2026-03-10', timezone: 'UTC' });
    const reminder = (id: string) => ({ userId: id, kind: 'daily', localDate: '2026-03-10' });
    const shared = [
      { kind: 'reminders.checked-in-batch', key: 'ci-shared', payload: { checkIns: [checkedIn(other.userId), checkedIn(userId)] }, state: 'queued' as const },
      { kind: 'reminders.batch', key: 'reminders-shared', payload: { reminders: [reminder(userId), reminder(other.userId), reminder(userId)] }, state: 'queued' as const },
    ].map((j) => ({ ...j, runAt: new Date(), maxAttempts: 3, createdAt: new Date() }));
    await t.app.db.insert(jobs).values([...leaving, ...staying, ...shared]);

    const res = await t.app.inject({ method: 'DELETE', url: '/api/user/account', ...as(sid) });
    expect(res.statusCode).toBe(200);
    const jobsLeft = await t.app.db.select({ key: jobs.key }).from(jobs).where(inArray(jobs.key, [...leaving, ...staying].map((j) => j.key)));
    expect(jobsLeft.map((j) => j.key).sort()).toEqual(staying.map((j) => j.key).sort());
    const sharedLeft = await t.app.db.select({ key: jobs.key, payload: jobs.payload, state: jobs.state }).from(jobs).where(inArray(jobs.key, ['ci-shared', 'reminders-shared']));
    expect(Object.fromEntries(sharedLeft.map((j) => [j.key, j.payload]))).toEqual({
      'ci-shared': { checkIns: [checkedIn(other.userId)] },
      'reminders-shared': { reminders: [reminder(other.userId)] },
    });
    expect(sharedLeft.every((j) => j.state === 'queued')).toBe(true);
    const cleared = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');

    expect(await leftovers(t.app.db, userId, email)).toEqual({});
    // The owner's analytics count the deletion (a date, nothing personal).
    expect((await t.app.db.select().from(accountDeletions)).length).toBeGreaterThan(0);
    // The payment record stays for accounting, detached from the person.
    const [kept] = await t.app.db.select().from(purchases).where(eq(purchases.id, `p-${userId}`));
    expect(kept).toMatchObject({ userId: null, amountCents: 99, status: 'completed' });
    // The address survives only as a keyed hash, never in clear.
    const offers = await t.app.db.select().from(redeemedOffers);
    expect(offers.length).toBeGreaterThan(0);
    expect(JSON.stringify(offers)).not.toContain(email);
    expect(offers.every((o) => /^[0-9a-f]{64}$/.test(o.emailHash))).toBe(true);

    // The old session cookie no longer works.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', ...as(sid) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/user/account', ...as(sid) })).statusCode).toBe(401);
    // The other user is untouched.
    const otherLeft = await leftovers(t.app.db, other.userId, 'staying@example.com');
    expect(otherLeft['check_ins.user_id']).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', ...as(other.sid) })).statusCode).toBe(200);
  });

  it('deleting and signing up again with the same e-mail cannot redeem a one-time offer again', async () => {
    const email = 'again@example.com';
    const first = await signUpAndIn(email);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/deletion-offer', ...as(first.sid) })).json()).toEqual({
      offer: { code: 'OFFERPREMIUM30', tier: 'premium' },
    });
    const ok = await t.app.inject({ method: 'POST', url: '/api/coupons/redeem', ...as(first.sid), payload: { code: 'OFFERPREMIUM30' } });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/user/account', ...as(first.sid) })).statusCode).toBe(200);

    const second = await signUpAndIn('Again@Example.com');
    expect(second.userId).not.toBe(first.userId);
    // No offer shown, and redeeming the code directly is refused.
    expect((await t.app.inject({ method: 'GET', url: '/api/user/deletion-offer', ...as(second.sid) })).json()).toEqual({ offer: null });
    const again = await t.app.inject({ method: 'POST', url: '/api/coupons/redeem', ...as(second.sid), payload: { code: 'offerpremium30' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(COUPON_MESSAGES.alreadyUsed);
    const [u] = await t.app.db.select().from(users).where(eq(users.id, second.userId));
    expect(u!.tier).toBe('free');
    // Another code is still available to the address.
    expect((await t.app.inject({ method: 'POST', url: '/api/coupons/redeem', ...as(second.sid), payload: { code: 'OFFERAI30' } })).statusCode).toBe(200);
  });

  it('offers AI Coach to a premium user before deleting, and nothing to an AI Coach user', async () => {
    const { sid } = await signUpAndIn('offers@example.com');
    await t.app.inject({ method: 'POST', url: '/api/coupons/redeem', ...as(sid), payload: { code: 'OFFERPREMIUM30' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/deletion-offer', ...as(sid) })).json()).toEqual({
      offer: { code: 'OFFERAI30', tier: 'ai-coach' },
    });
    await t.app.inject({ method: 'POST', url: '/api/coupons/redeem', ...as(sid), payload: { code: 'OFFERAI30' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/deletion-offer', ...as(sid) })).json()).toEqual({ offer: null });
  });

  it('a refused redemption (plan already includes it) keeps the address free to use the code later', async () => {
    const email = 'refused@example.com';
    const { sid } = await signUpAndIn(email);
    expect((await t.app.inject({ method: 'POST', url: '/api/coupons/redeem', ...as(sid), payload: { code: 'OFFERAI30' } })).statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'POST', url: '/api/coupons/redeem', ...as(sid), payload: { code: 'OFFERPREMIUM30' } });
    expect(refused.statusCode).toBe(400);
    const [row] = await rows<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM redeemed_offers WHERE code = 'OFFERPREMIUM30'`);
    const before = row!.n;
    expect((await t.app.inject({ method: 'DELETE', url: '/api/user/account', ...as(sid) })).statusCode).toBe(200);
    const again = await signUpAndIn(email);
    expect((await t.app.inject({ method: 'POST', url: '/api/coupons/redeem', ...as(again.sid), payload: { code: 'OFFERPREMIUM30' } })).statusCode).toBe(200);
    const [after] = await rows<{ n: number }>(t.app.db, sql`SELECT count(*)::int AS n FROM redeemed_offers WHERE code = 'OFFERPREMIUM30'`);
    expect(after!.n).toBe(before + 1);
  });

  describe('exports', () => {
    let sid: string;
    let userId: string;
    beforeAll(async () => {
      ({ sid, userId } = await signUpAndIn('export@example.com', 'Robin'));
      await seedOwnedRows(userId);
      await t.app.inject({ method: 'POST', url: '/api/coupons/redeem', ...as(sid), payload: { code: 'OFFERAI30' } });
      await t.app.inject({ method: 'PATCH', url: '/api/user/profile', ...as(sid), payload: { age: 34, gender: 'other' } });
      const planned = await t.app.inject({ method: 'POST', url: '/api/streak/rest-days', ...as(sid), payload: { dates: ['2026-03-20', '2026-03-14'] } });
      expect(planned.statusCode).toBe(200);
    });

    it('JSON holds every check-in with its journal, in the documented shape', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/user/export?format=json', ...as(sid) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toBe('attachment; filename="big7-data-2026-03-10.json"');
      const body = accountExportSchema.parse(res.json());
      expect(body.profile).toMatchObject({ firstName: 'Robin', email: 'export@example.com', age: 34, gender: 'other', tier: 'ai-coach' });
      expect(body.checkIns.map((c) => c.date).sort()).toEqual(['2026-03-08', '2026-03-09']);
      expect(body.checkIns.find((c) => c.date === '2026-03-09')!.journal?.restJournal).toBe('Slept well, "finally"\nwoke at 7');
      expect(body.summary.checkInCount).toBe(2);
      expect(body.streak.frozenDays).toEqual(['2026-03-01']);
      expect(body.streak.recoveredDays).toEqual(['2026-03-02']);
      expect(body.couponRedemptions.map((r) => r.code)).toEqual(['OFFERAI30']);
      expect(body.rewardClaims.map((r) => r.rewardType)).toEqual(['premium']);
      expect(body.tierChanges.at(-1)).toMatchObject({ toTier: 'ai-coach', source: 'coupon' });
      // Version 2 (issue 29): the coach, purchases, feedback, notification settings and devices.
      expect(body.exportVersion).toBe(2);
      expect(body.checkIns.every((c) => c.imported === false)).toBe(true);
      expect(body.coachConversations).toHaveLength(1);
      expect(body.coachConversations[0]).toMatchObject({ title: 'Sleep', messages: [{ role: 'user', content: 'How do I sleep better?' }] });
      expect(body.purchases).toEqual([expect.objectContaining({ type: 'shield', description: '1 shield', amount: 0.99, status: 'completed' })]);
      expect(body.feedback).toEqual([expect.objectContaining({ message: 'Love it' })]);
      expect(body.notificationSettings).toMatchObject({ dailyReminders: true, lastChanceReminders: true });
      expect(body.devices).toEqual([{ pushService: 'push.example', registeredAt: '2026-03-09T12:00:00.000Z', lastDeliveredAt: null }]);
      expect(body.restDays).toEqual(['2026-03-05', '2026-03-14', '2026-03-20']);
      const text = res.body;
      expect(text).not.toMatch(/password|token|isAdmin/i);
      // The device's endpoint path and keys are secrets: only the push service's host leaves.
      expect(text).not.toContain(`push.example/${userId}`);
      expect(text).not.toMatch(/p256dh|"auth"/);
    });

    it('CSV has the header, one row per check-in, RFC 4180 quoting and no formula cells', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/user/export?format=csv', ...as(sid) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="big7-check-ins-2026-03-10.csv"');
      const lines = res.body.split('\r\n');
      expect(lines[0]).toBe(CSV_HEADER.join(','));
      expect(lines[0]).toBe('date,rest,exercise,nutrition,goals,boundaries,connection,joy,score,tier,journal');
      expect(lines[1]).toBe('2026-03-08,1,0.75,0.5,0.25,0,1,0.75,0.6071,ai-coach,');
      // The journal cell is quoted, its quotes doubled, its line break kept inside the quotes; the formula is defused.
      expect(res.body).toContain(
        '2026-03-09,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,ai-coach,"Rest: Slept well, ""finally""\nwoke at 7 | Joy: =HYPERLINK(""x"")"',
      );
      expect(res.body.endsWith('\r\n')).toBe(true);
    });

    it('csvCell quotes and defuses every risky cell', () => {
      expect(csvCell('plain')).toBe('plain');
      expect(csvCell('a,b')).toBe('"a,b"');
      expect(csvCell('say "hi"')).toBe('"say ""hi"""');
      expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
      expect(csvCell('=1+2')).toBe("'=1+2");
      expect(csvCell('+1')).toBe("'+1");
      expect(csvCell('-1')).toBe("'-1");
      expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
      expect(csvCell('=A1,"x"')).toBe('"\'=A1,""x"""');
      expect(csvCell(null)).toBe('');
      expect(csvCell(0.5)).toBe('0.5');
    });

    it('an unknown or missing format is a 400 naming the choices', async () => {
      for (const url of ['/api/user/export?format=xml', '/api/user/export']) {
        const res = await t.app.inject({ method: 'GET', url, ...as(sid) });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe("format must be 'json' or 'csv'");
      }
    });

    it('the PDF wellness report is dated and holds the name, scores, streak and (AI Coach) journals', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/export-wellness-data', ...as(sid) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="big7-wellness-report-2026-03-10.pdf"');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfText(res.rawPayload);
      expect(text).toContain('Big 7 Wellness Report');
      expect(text).toContain('Robin');
      expect(text).toContain('export@example.com');
      expect(text).toMatch(/55%/); // overall: mean of 0.6071 and 0.5
      expect(text).toMatch(/Overall score, based on 2 check-ins/);
      for (const area of ['Rest', 'Exercise', 'Nutrition', 'Goals', 'Boundaries', 'Connection', 'Joy']) expect(text).toContain(area);
      expect(text).toContain('2026-03-09');
      expect(text).toContain('Dedicated Soul'); // best streak 31
      expect(text).toContain('Slept well');
    });

    it('every export needs a session', async () => {
      expect((await t.app.inject({ method: 'POST', url: '/api/user/export-wellness-data' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/user/export?format=json' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'DELETE', url: '/api/user/account' })).statusCode).toBe(401);
    });
  });

  it('a free user with no check-ins gets a report without journals and a header-only CSV', async () => {
    const { sid } = await signUpAndIn('empty@example.com', 'Elle');
    const pdf = await t.app.inject({ method: 'POST', url: '/api/user/export-wellness-data', ...as(sid) });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Elle');
    expect(text).toContain('No check-ins yet');
    const csv = await t.app.inject({ method: 'GET', url: '/api/user/export?format=csv', ...as(sid) });
    expect(csv.body).toBe(`${CSV_HEADER.join(',')}\r\n`);
  });

  it('keeps failed sign-ins of other addresses when deleting', async () => {
    const { sid } = await signUpAndIn('solo@example.com');
    await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'someone-else@example.com', password: 'Wrong-pass1!' } });
    await t.app.inject({ method: 'DELETE', url: '/api/user/account', ...as(sid) });
    const left = await t.app.db.select().from(signinFailures).where(eq(signinFailures.email, 'someone-else@example.com'));
    expect(left.length).toBe(1);
  });
});
