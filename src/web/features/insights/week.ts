import { AREAS, type Area, normalizeStoredScore } from '@shared/domain/scoring';
import { lastLocalDays, type LocalDate } from '@shared/domain/dates';
import { TREND_DAYS, type DatedAreaScores } from '@shared/domain/insights';
import type { CheckInDto } from '@shared/schemas/check-ins';

/** Check-ins as dated area scores (0..1; older 0..100 values normalised). */
export function toDatedScores(checkIns: readonly CheckInDto[]): DatedAreaScores[] {
  return checkIns.map((c) => ({
    date: c.date,
    scores: Object.fromEntries(AREAS.map((a) => [a, normalizeStoredScore(c[`${a}Score`])])) as Record<Area, number>,
  }));
}

/** The 7 local dates ending today, oldest first. */
export function lastWeek(today: LocalDate): LocalDate[] {
  return lastLocalDays(today, TREND_DAYS);
}

export function dayLong(date: LocalDate): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
