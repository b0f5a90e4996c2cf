/**
 * A benchmark server in its own process (so the load generator does not share its event loop):
 *   tsx bench/server.ts floor                        a bare Fastify route, GET /floor → {"ok":true}
 *   tsx bench/server.ts app --users=N [--db=URL [--seeded]] [--web=dist/web]
 *       the real app (buildApp, no logger, no jobs) on a fixed clock (bench/seed.ts BENCH_NOW), after seeding N
 *       users into PostgreSQL at URL or, without --db, a fresh in-memory PGlite.
 * It prints one line `{"port":…}` on stdout when listening. BENCH_SERVER_NODE_OPTIONS (read by bench/http.ts)
 * passes e.g. --cpu-prof to it.
 */
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDb } from '../src/server/db/client';
import { ManualClock } from '../src/server/context';
import { BENCH_NOW, seedBench } from './seed';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

async function main() {
  const mode = process.argv[2];
  let app;
  if (mode === 'floor') {
    app = Fastify({ logger: false });
    app.get('/floor', async () => ({ ok: true }));
  } else if (mode === 'app') {
    const users = Number(arg('users') ?? '1000');
    const url = arg('db');
    const handle = await openDb({ databaseUrl: url, dataDir: url ? undefined : 'memory://', poolMax: Number(process.env.BENCH_POOL_MAX ?? 10) });
    const t0 = performance.now();
    // --seeded: the database at --db already holds the bench's users (a copy of a seeded one).
    if (!process.argv.includes('--seeded')) {
      await seedBench(handle.db, users);
      process.stderr.write(`seeded ${users} users × 90 days on ${handle.engine} in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    }
    const port = 0;
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'production', APP_URL: 'http://localhost:3000', LOG_LEVEL: 'silent', PORT: String(port) }),
      db: handle.db,
      dbEngine: handle.engine,
      changes: handle.changes,
      clock: new ManualClock(BENCH_NOW.toISOString()),
      webRoot: arg('web') ?? null,
      jobs: false,
    });
    app.addHook('onClose', async () => handle.close());
  } else {
    throw new Error(`usage: tsx bench/server.ts floor|app …`);
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
