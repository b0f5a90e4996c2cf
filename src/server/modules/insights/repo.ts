import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { checkIns, streakFrozenDays, streakLedger, streakRecoveredDays, streakRestDays } from '@server/db/schema/index';
import { areaScoreKey, type Area, normalizeStoredScore } from '@shared/domain/scoring';

export interface YearRows {
  checkIns: { date: string; score: number }[];
  frozen: string[];
  recovered: string[];
  rest: string[];
  /** The first check-in the streak counted (the ledger's), or null. */
  firstCheckIn: string | null;
  /** The earliest check-in of any kind (imported ones included), or null. */
  earliestCheckIn: string | null;
}

type Row = { kind: 'c' | 'f' | 'r' | 'x' | 'first' | 'earliest'; date: string | null; score: number | string | null };

/**
 * Everything the year in pixels reads for one user and range, in one query: the check-ins (imported ones too) with
 * the score to show, the frozen, recovered and rest dates, the first counted check-in and the earliest check-in.
 */
export async function yearRows(db: Db, userId: string, first: string, last: string, area: Area | null): Promise<YearRows> {
  const score = area ? checkIns[areaScoreKey(area)] : checkIns.score;
  const res = (await db.execute(sql`
    SELECT 'c' AS kind, ${checkIns.localDate} AS date, ${score} AS score FROM ${checkIns}
      WHERE ${checkIns.userId} = ${userId} AND ${checkIns.localDate} BETWEEN ${first} AND ${last}
    UNION ALL SELECT 'f', ${streakFrozenDays.date}::text, NULL FROM ${streakFrozenDays}
      WHERE ${streakFrozenDays.userId} = ${userId} AND ${streakFrozenDays.date} BETWEEN ${first}::date AND ${last}::date
    UNION ALL SELECT 'r', ${streakRecoveredDays.date}::text, NULL FROM ${streakRecoveredDays}
      WHERE ${streakRecoveredDays.userId} = ${userId} AND ${streakRecoveredDays.date} BETWEEN ${first}::date AND ${last}::date
    UNION ALL SELECT 'x', ${streakRestDays.date}::text, NULL FROM ${streakRestDays}
      WHERE ${streakRestDays.userId} = ${userId} AND ${streakRestDays.date} BETWEEN ${first}::date AND ${last}::date
    UNION ALL SELECT 'first', min(${streakLedger.date})::text, NULL FROM ${streakLedger}
      WHERE ${streakLedger.userId} = ${userId} AND ${streakLedger.reason} = 'check-in'
    UNION ALL SELECT 'earliest', min(${checkIns.localDate}), NULL FROM ${checkIns} WHERE ${checkIns.userId} = ${userId}
  `)) as unknown as { rows: Row[] };
  const out: YearRows = { checkIns: [], frozen: [], recovered: [], rest: [], firstCheckIn: null, earliestCheckIn: null };
  for (const r of res.rows) {
    if (r.kind === 'c' && r.date) out.checkIns.push({ date: r.date, score: normalizeStoredScore(Number(r.score)) });
    else if (r.kind === 'f' && r.date) out.frozen.push(r.date);
    else if (r.kind === 'r' && r.date) out.recovered.push(r.date);
    else if (r.kind === 'x' && r.date) out.rest.push(r.date);
    else if (r.kind === 'first') out.firstCheckIn = r.date;
    else if (r.kind === 'earliest') out.earliestCheckIn = r.date;
  }
  return out;
}
