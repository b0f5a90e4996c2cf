import { randomBytes, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDb } from './db/client';
import { checkIns, sessions, users } from './db/schema/index';
import { hashToken, SESSION_COOKIE } from './plugins/session';
import { migratedPgliteImage } from '@test/helpers/db';
import { startServerProcess, type ServerProcess } from '@test/helpers/server-process';

/**
 * Issue 25 (docs/deployment.md): on SIGTERM the server finishes the requests in progress, closes the database and
 * exits 0; whatever does not finish is cut off, and the process is gone within 10 s of the signal either way.
 */
describe('graceful shutdown of the server process (PGlite)', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  /** A data directory with one person in UTC and their session. */
  async function prepared(): Promise<{ dataDir: string; userId: string; cookie: string }> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'big7-shutdown-'));
    dirs.push(dataDir);
    const h = await openDb({ dataDir, pgliteImage: await migratedPgliteImage() });
    try {
      const old = new Date('2025-01-01T00:00:00Z');
      const [u] = await h.db
        .insert(users)
        .values({ email: `bye-${randomUUID().slice(0, 8)}@example.com`, firstName: 'Bye', timezone: 'UTC', createdAt: old, emailVerifiedAt: old })
        .returning({ id: users.id });
      const token = randomBytes(32).toString('base64url');
      await h.db.insert(sessions).values({ id: hashToken(token), userId: u!.id, createdAt: old, expiresAt: new Date(Date.now() + 30 * 86_400_000) });
      return { dataDir, userId: u!.id, cookie: `${SESSION_COOKIE}=${token}` };
    } finally {
      await h.close();
    }
  }

  /** A check-in POST whose body is sent in two parts: the request is in progress until `finish()`. */
  function slowCheckIn(server: ServerProcess, cookie: string) {
    const body = JSON.stringify({ answers: [true, false, true, false, true, false, true] });
    const req = request(`${server.url}/api/checkins`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'idempotency-key': randomUUID() },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      });
      req.on('error', reject);
    });
    answer.catch(() => {}); // awaited (or not) by the caller
    req.write(body.slice(0, 10));
    return { answer, finish: () => req.end(body.slice(10)) };
  }

  const env = (dataDir: string) => ({ DATA_DIR: dataDir, DEV_TOOLS: 'on', TEST_CLOCK: 'on', JOBS: 'on', LOG_LEVEL: 'info' });
  const tonight = () => `${new Date().toISOString().slice(0, 10)}T21:00:00.000Z`;

  it('finishes a request in progress, then closes the database and exits 0', async () => {
    const { dataDir, userId, cookie } = await prepared();
    const server = await startServerProcess(env(dataDir));
    try {
      await server.setClock(tonight());
      const slow = slowCheckIn(server, cookie);
      await new Promise((r) => setTimeout(r, 300)); // the request's head has arrived
      const signalledAt = performance.now();
      server.child.kill('SIGTERM');
      // Once it is shutting down, new connections are refused (polled: the signal takes a moment on a busy machine).
      await expect.poll(() => server.logs(), { timeout: 5_000, interval: 50 }).toContain('SIGTERM received, shutting down');
      await expect
        .poll(() => fetch(`${server.url}/api/health`).then(() => 'answered', () => 'refused'), { timeout: 3_000, interval: 50 })
        .toBe('refused');
      slow.finish();
      const res = await slow.answer;
      expect(res.status, res.body).toBe(201);
      const exit = await server.exited;
      expect(exit, server.logs()).toEqual({ code: 0, signal: null });
      expect(performance.now() - signalledAt).toBeLessThan(10_000);
      expect(server.logs()).toContain('SIGTERM received, shutting down');
    } finally {
      await server.kill();
    }
    // The database was closed properly: it opens at once (no lock left) and holds the check-in.
    const h = await openDb({ dataDir });
    try {
      expect(await h.db.select({ id: checkIns.id }).from(checkIns).where(eq(checkIns.userId, userId))).toHaveLength(1);
    } finally {
      await h.close();
    }
  }, 180_000);

  it('a request that never completes does not hold the process: it exits within 10 s of SIGTERM', async () => {
    const { dataDir, cookie } = await prepared();
    const server = await startServerProcess(env(dataDir));
    try {
      const stuck = slowCheckIn(server, cookie); // never finished
      await new Promise((r) => setTimeout(r, 300));
      const signalledAt = performance.now();
      server.child.kill('SIGTERM');
      const exit = await Promise.race([server.exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), 15_000))]);
      const tookMs = performance.now() - signalledAt;
      expect(exit, server.logs()).not.toBe('still running');
      expect(tookMs, server.logs()).toBeLessThan(10_000);
      expect(exit).toMatchObject({ signal: null }); // it exited by itself
      await expect(stuck.answer).rejects.toThrow();
    } finally {
      await server.kill();
    }
    // It opens again afterwards.
    const h = await openDb({ dataDir });
    await h.close();
  }, 180_000);
});
