import { and, desc, eq } from 'drizzle-orm';
import type { Db } from './client';
import { checkIns, users } from './schema/index';

/**
 * Each user's latest check-in (its local date and instant) for a LATERAL join to `users`: a top-1 on the unique
 * (user, date) index, read backwards. What the check-in window reads, for the user-state read (the check-in batch's
 * lock has the same join in its fixed text: check-ins/repo.ts, LOCK_USERS).
 */
export function latestCheckInLateral(db: Db) {
  return db
    .select({ localDate: checkIns.localDate, createdAt: checkIns.createdAt })
    .from(checkIns)
    .where(and(eq(checkIns.userId, users.id), eq(checkIns.imported, false)))
    .orderBy(desc(checkIns.localDate))
    .limit(1)
    .as('latest_ci');
}

/** The latest check-in read through that join (its date and instant), or null when the user has none. */
export function latestCheckInOf(r: { latestDate: string | null; latestCreatedAt: Date | null }): { localDate: string; createdAt: Date } | null {
  return r.latestDate !== null && r.latestCreatedAt !== null ? { localDate: r.latestDate, createdAt: r.latestCreatedAt } : null;
}
