import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { buildApp } from '../app';
import { contextOf, inTx } from '../context';
import { openDb } from '../db/client';
import { jobs } from '../db/schema/index';
import type { MailMessage } from '../plugins/mail';
import { ManualClock } from '../context';
import { createTestDb } from '@test/helpers/db';
import { MemoryMailer, testConfig } from '@test/helpers/app';

/** A mailer that takes a moment per message (as SMTP does), so both runners are busy at the same time. */
class SlowMailer extends MemoryMailer {
  override async send(m: MailMessage) {
    await new Promise((resolve) => setTimeout(resolve, 2));
    await super.send(m);
  }
}

/**
 * Issue 9: several app instances on one PostgreSQL, each with its job runner on (polling by itself, as in
 * production with JOBS=on), take each job once.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two app instances on one PostgreSQL', () => {
  it('with their runners polling, send each of 1,000 queued e-mails exactly once between them', async () => {
    const h = await createTestDb('postgres', { poolMax: 4 });
    const other = await openDb({ databaseUrl: h.url!, migrate: false, poolMax: 4, onIdleError: () => {} });
    const clock = new ManualClock('2026-03-10T12:00:00Z');
    const mailers = [new SlowMailer(), new SlowMailer()];
    const instance = (db: typeof h.db, mailer: MemoryMailer) =>
      buildApp({
        config: testConfig({ JOBS_POLL_MS: '50' }),
        db,
        dbEngine: 'postgres',
        clock,
        mailer,
        webRoot: null,
        jobs: true, // the runner polls by itself (off by default in tests)
        jobsRandom: () => 0,
      });
    const a = await instance(h.db, mailers[0]!);
    const b = await instance(other.db, mailers[1]!);
    try {
      // Queued before either runner starts, in transactions of 200, as requests would.
      for (let start = 0; start < 1000; start += 200) {
        await inTx(contextOf(a), async (tx) => {
          for (let n = start; n < start + 200; n++) {
            await tx.jobs.enqueue(tx.db, { kind: 'mail.send', key: `mail:${n}`, payload: { to: `u${n}@example.com`, subject: 's', text: 't' } });
          }
        });
      }
      // Ready starts both runners; nothing in this test calls runDue.
      await Promise.all([a.ready(), b.ready()]);
      const mailJobs = (state: 'done' | 'queued' | 'running' | 'failed') =>
        h.db.select({ n: count() }).from(jobs).where(and(eq(jobs.kind, 'mail.send'), eq(jobs.state, state)));
      await expect.poll(async () => Number((await mailJobs('done'))[0]?.n), { timeout: 60_000, interval: 100 }).toBe(1000);

      const sent = [...mailers[0]!.sent, ...mailers[1]!.sent].map((m) => m.to);
      expect(sent).toHaveLength(1000);
      expect(new Set(sent).size).toBe(1000);
      // Both instances took a share.
      expect(mailers[0]!.sent.length).toBeGreaterThan(0);
      expect(mailers[1]!.sent.length).toBeGreaterThan(0);
      for (const state of ['queued', 'running', 'failed'] as const) expect(Number((await mailJobs(state))[0]?.n), state).toBe(0);
      // Each job ran once: one attempt each.
      const attempts = await h.db.select({ attempts: jobs.attempts }).from(jobs).where(eq(jobs.kind, 'mail.send'));
      expect(attempts.every((j) => j.attempts === 1)).toBe(true);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await other.close();
      await h.close();
    }
  }, 120_000);
});
