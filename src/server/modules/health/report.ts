import os from 'node:os';
import type { HealthReport } from '@shared/schemas/health';
import { pingDb, type Db } from '@server/db/client';

/** Share of the machine's memory in use (%), one decimal. */
export const memoryPercentage = (): number => Math.round((1 - os.freemem() / os.totalmem()) * 1000) / 10;

/**
 * The health report (spec part 2 §3): status, database round trip, memory use and uptime; no personal data.
 * Throws when the database cannot be reached (the caller answers 'unhealthy').
 */
export async function healthReport(db: Db): Promise<HealthReport> {
  const memory = { percentage: memoryPercentage() };
  const uptime = Math.round(process.uptime());
  const responseTime = await pingDb(db);
  const status: HealthReport['status'] = responseTime > 1000 || memory.percentage > 95 ? 'degraded' : 'healthy';
  return { status, database: { responseTime }, memory, uptime };
}
