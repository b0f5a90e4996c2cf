import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { openDb, type Db } from './db/client';
import { checkIns, sessions, users } from './db/schema/index';
import { hashToken, SESSION_COOKIE } from './plugins/session';
import { createEmptyPostgresDb, migratedPgliteImage } from '@test/helpers/db';
import { startServerProcess, type ServerProcess } from '@test/helpers/server-process';

/**
 * Issue 25: the real server (its own process, src/server/main.ts) under a burst of check-ins from many users, each
 * with an Idempotency-Key, is killed with SIGKILL mid-burst and restarted on the same data. Every check-in it
 * answered 2xx is stored as answered, a retry with its key is the same check-in, a check-in whose answer was lost
 * is stored at most once (and exactly once after its retry), and the database opens cleanly.
 */

const USERS = 400;
const CONCURRENCY = 24;
/** The kill comes once this many check-ins were answered (or after BURST_MAX_MS): mid-burst on any machine. */
const KILL_AFTER_ACKS = 60;
const BURST_MAX_MS = 15_000;
const OLD = new Date('2025-01-01T00:00:00Z');

interface Person {
  id: string;
  cookie: string;
}

/** USERS people in UTC (created long ago), each with a session, inserted straight into the database. */
async function seedPeople(db: Db): Promise<Person[]> {
  const people: Person[] = [];
  const expiresAt = new Date(Date.now() + 30 * 24 * 3600_000);
  for (let start = 0; start < USERS; start += 500) {
    const batch = Array.from({ length: Math.min(500, USERS - start) }, (_, i) => ({
      email: `crash-${start + i}-${randomBytes(4).toString('hex')}@example.com`,
      firstName: 'Crash',
      timezone: 'UTC',
      emailVerifiedAt: OLD,
      createdAt: OLD,
    }));
    const rows = await db.insert(users).values(batch).returning({ id: users.id });
    const tokens = rows.map(() => randomBytes(32).toString('base64url'));
    await db
      .insert(sessions)
      .values(rows.map((r, i) => ({ id: hashToken(tokens[i]!), userId: r.id, createdAt: OLD, expiresAt })));
    rows.forEach((r, i) => people.push({ id: r.id, cookie: `${SESSION_COOKIE}=${tokens[i]}` }));
  }
  return people;
}

/** Seven answers, different from one person to the next. */
const answersOf = (n: number) => Array.from({ length: 7 }, (_, i) => ((n >> i) & 1) === 1);

interface Sent {
  person: Person;
  key: string;
  body: { answers: boolean[] };
  status?: number;
  json?: { id: string } & Record<string, unknown>;
}

const post = (server: ServerProcess, s: Sent) =>
  fetch(`${server.url}/api/checkins`, {
    method: 'POST',
    headers: { cookie: s.person.cookie, 'idempotency-key': s.key, 'content-type': 'application/json' },
    body: JSON.stringify(s.body),
  });

/** Sends check-ins, one per person, CONCURRENCY at a time, until the server dies or everyone has sent one. */
async function burst(server: ServerProcess, people: Person[], onAck: (n: number) => void): Promise<Sent[]> {
  const sent: Sent[] = [];
  let acks = 0;
  let next = 0;
  const worker = async () => {
    while (next < people.length) {
      const n = next++;
      const s: Sent = { person: people[n]!, key: randomUUID(), body: { answers: answersOf(n) } };
      sent.push(s);
      try {
        const res = await post(server, s);
        const text = await res.text();
        s.status = res.status;
        s.json = JSON.parse(text) as Sent['json'];
        onAck(++acks);
      } catch {
        // The connection died with the server: no answer for this one. Stop this worker.
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return sent;
}

/** Runs `fn` over `items`, `n` at a time. */
async function eachLimited<T>(items: T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let i = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (i < items.length) await fn(items[i++]!);
    }),
  );
}

/** Today's date at 21:00 UTC: the people's check-in window is open (default 20:00). */
const checkInTime = () => `${new Date().toISOString().slice(0, 10)}T21:00:00.000Z`;

async function crashAndRestart(env: Record<string, string>, openForCheck: () => Promise<{ db: Db; close(): Promise<void> }>) {
  const serverEnv = { ...env, DEV_TOOLS: 'on', TEST_CLOCK: 'on' };
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - mark);
    mark = now;
  };
  const seed = await openForCheck();
  const people = await seedPeople(seed.db).finally(() => seed.close());
  lap('seedMs');

  const first = await startServerProcess(serverEnv);
  lap('startMs');
  let sent: Sent[];
  try {
    await first.setClock(checkInTime());
    let enough = () => {};
    const killNow = new Promise<void>((resolve) => (enough = resolve));
    const running = burst(first, people, (n) => n >= KILL_AFTER_ACKS && enough());
    const t0 = performance.now();
    await Promise.race([killNow, new Promise((r) => setTimeout(r, BURST_MAX_MS))]);
    timings.burstMs = Math.round(performance.now() - t0);
    await first.kill(); // mid-burst: requests are in flight
    sent = await running;
  } finally {
    await first.kill();
  }
  lap('burstAndKillMs');
  const acked = sent.filter((s) => s.status !== undefined);
  const lost = sent.filter((s) => s.status === undefined);
  // The burst was under way and was cut: answers came back, and some requests never got one.
  expect(acked.length, first.logs()).toBeGreaterThanOrEqual(20);
  expect(lost.length).toBeGreaterThan(0);
  expect(acked.length).toBeLessThan(people.length);
  // Every answer before the kill was a success: a new check-in.
  expect(acked.filter((s) => s.status !== 201).map((s) => [s.status, s.json])).toEqual([]);

  const restartedAt = performance.now();
  const second = await startServerProcess(serverEnv);
  const restartMs = performance.now() - restartedAt;
  try {
    // (It started: the data opened without help, no lock left over, no recovery step.)
    await second.setClock(checkInTime());
    // A retry with its key, after the restart, is the same check-in with the same answer (for 30 of them, spread
    // over the burst; all of them are checked in the database below).
    const step = Math.max(1, Math.floor(acked.length / 30));
    await eachLimited(acked.filter((_, i) => i % step === 0), 8, async (s) => {
      const res = await post(second, s);
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual(s.json);
    });
    // A check-in whose answer was lost: its retry is answered 2xx (stored by the first server or now).
    const retried: Array<{ s: Sent; json: { id: string } }> = [];
    await eachLimited(lost, 8, async (s) => {
      const res = await post(second, s);
      expect([200, 201]).toContain(res.status);
      const json = (await res.json()) as { id: string };
      retried.push({ s, json });
      // And again: the same check-in.
      const again = await post(second, s);
      expect(await again.json()).toEqual(json);
    });
    lap('retriesMs');
    await second.stop();
    const stopped = await second.exited;
    expect(stopped.code, second.logs()).toBe(0);

    // The database opens cleanly and holds exactly what was answered, once each.
    const check = await openForCheck();
    try {
      const ids = sent.map((s) => s.person.id);
      const rows = await check.db.select().from(checkIns).where(inArray(checkIns.userId, ids));
      const byUser = new Map<string, (typeof rows)[number][]>();
      for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
      for (const s of acked) {
        const mine = byUser.get(s.person.id) ?? [];
        expect(mine.map((r) => [r.id, r.answers])).toEqual([[s.json!.id, s.body.answers]]);
      }
      for (const { s, json } of retried) {
        const mine = byUser.get(s.person.id) ?? [];
        expect(mine.map((r) => [r.id, r.answers])).toEqual([[json.id, s.body.answers]]);
      }
      // Nobody who sent nothing has a check-in.
      expect(rows.length).toBe(acked.length + lost.length);
      const [untouched] = await check.db.select({ n: sql<number>`count(*)::int` }).from(checkIns).where(eq(checkIns.userId, people[people.length - 1]!.id));
      expect(untouched?.n).toBe(0);
    } finally {
      await check.close();
    }
    lap('checkMs');
    console.info(JSON.stringify({ ...env, acked: acked.length, lost: lost.length, restartMs: Math.round(restartMs), ...timings }));
  } finally {
    await second.kill();
  }
}

describe('the server killed with SIGKILL mid-burst of check-ins, then restarted', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('on PGlite: every acknowledged check-in is there, retries are the same check-in, the data directory opens', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'big7-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    await crashAndRestart({ DATA_DIR: dataDir }, async () => {
      const h = await openDb({ dataDir, pgliteImage: await migratedPgliteImage() });
      return { db: h.db, close: () => h.close() };
    });
  }, 240_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL: every acknowledged check-in is there, retries are the same check-in',
    async () => {
      const empty = await createEmptyPostgresDb(process.env.TEST_DATABASE_URL!, 'big7_crash');
      cleanups.push(() => empty.drop());
      await crashAndRestart({ DATABASE_URL: empty.url }, async () => {
        const h = await openDb({ databaseUrl: empty.url, poolMax: 4, onIdleError: () => {} });
        return { db: h.db, close: () => h.close() };
      });
    },
    240_000,
  );
});
