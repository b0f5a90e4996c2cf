import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../app';
import { inTx } from '../context';
import { openDb } from '../db/client';
import { jobs } from '../db/schema/index';
import { ManualClock } from '../plugins/clock';
import { createTestDb } from '@test/helpers/db';
import { MemoryMailer, testConfig } from '@test/helpers/app';

/** Issue 9: several app instances on one PostgreSQL, each with its queue running, take each job once. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two app instances on one PostgreSQL', () => {
  it('run each of 1,000 queued e-mails exactly once between them', async () => {
    const h = await createTestDb('postgres', { poolMax: 4 });
    const other = await openDb({ databaseUrl: h.url!, migrate: false, poolMax: 4, onIdleError: () => {} });
    const clock = new ManualClock('2026-03-10T12:00:00Z');
    const mailers = [new MemoryMailer(), new MemoryMailer()];
    const instance = (db: typeof h.db, mailer: MemoryMailer) =>
      buildApp({ config: testConfig(), db, dbEngine: 'postgres', clock, mailer, webRoot: null, jobsRandom: () => 0 });
    const a = await instance(h.db, mailers[0]!);
    const b = await instance(other.db, mailers[1]!);
    try {
      await Promise.all([a.ready(), b.ready()]);
      for (let start = 0; start < 1000; start += 200) {
        await inTx(a.db, async (tx) => {
          for (let n = start; n < start + 200; n++) {
            await a.jobs.enqueue(tx, { kind: 'mail.send', key: `mail:${n}`, payload: { to: `u${n}@example.com`, subject: 's', text: 't' } });
          }
        });
      }
      const loop = async (app: typeof a) => {
        while ((await app.jobs.runDue()).claimed > 0);
      };
      await Promise.all([loop(a), loop(b), loop(a), loop(b)]);
      const sent = [...mailers[0]!.sent, ...mailers[1]!.sent].map((m) => m.to);
      expect(sent).toHaveLength(1000);
      expect(new Set(sent).size).toBe(1000);
      expect(mailers[0]!.sent.length).toBeGreaterThan(0);
      expect(mailers[1]!.sent.length).toBeGreaterThan(0);
      expect(await h.db.select().from(jobs).where(eq(jobs.state, 'queued'))).toHaveLength(0);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await other.close();
      await h.close();
    }
  }, 120_000);
});
