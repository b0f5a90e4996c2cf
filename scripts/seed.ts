/**
 * `npm run seed -- --users N [--days D] [--force]`: fills the database the server would use (DATABASE_URL →
 * PostgreSQL, else PGlite in DATA_DIR, default ./data) with synthetic users, check-ins, streaks, trials,
 * coupons, shields, feedback and deletions, and reports how long it took. Refuses a database that holds users
 * not made by the seed unless --force.
 */
import { openDb } from '../src/server/db/client';
import { seedDatabase, SeedRefused } from '../src/server/db/seed';

function arg(name: string): string | undefined {
  const argv = process.argv.slice(2);
  const i = argv.indexOf(`--${name}`);
  if (i >= 0) return argv[i + 1];
  return argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

function positiveInt(name: string, fallback?: number): number {
  const raw = arg(name);
  if (raw === undefined && fallback !== undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`--${name} must be a whole number of 1 or more (got ${raw ?? 'nothing'}). Usage: npm run seed -- --users N [--days D] [--force]`);
    process.exit(2);
  }
  return n;
}

async function main() {
  const users = positiveInt('users');
  const days = positiveInt('days', 30);
  const force = process.argv.includes('--force');
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR ?? './data';
  const handle = await openDb({ databaseUrl, dataDir });
  console.log(`Seeding ${users} users, ${days} days of history, on ${handle.engine === 'postgres' ? 'PostgreSQL' : `PGlite (${dataDir})`}`);
  try {
    const r = await seedDatabase(handle.db, { users, days, force, log: console.log });
    console.log(`Seeded ${r.users} users and ${r.checkIns} check-ins in ${(r.ms / 1000).toFixed(1)} s`);
  } catch (err) {
    if (err instanceof SeedRefused) {
      console.error(`Refused: ${err.message}`);
      process.exitCode = 1;
    } else throw err;
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
