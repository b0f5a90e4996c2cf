import { AREAS, type Area } from '@shared/domain/scoring';
import type { Tier } from '@shared/domain/tiers';
import type { checkIns } from '@server/db/schema/index';

/** A check_ins row to insert: area scores 0..1 spread into their columns, the score their mean. */
export function checkInValues(p: {
  userId: string;
  localDate: string;
  scores: Record<Area, number>;
  answers: (boolean | number)[];
  tier?: Tier;
  timezone?: string;
}): typeof checkIns.$inferInsert {
  const s = p.scores;
  return {
    userId: p.userId,
    localDate: p.localDate,
    restScore: s.rest,
    exerciseScore: s.exercise,
    nutritionScore: s.nutrition,
    goalsScore: s.goals,
    boundariesScore: s.boundaries,
    connectionScore: s.connection,
    joyScore: s.joy,
    score: AREAS.reduce((acc, a) => acc + s[a], 0) / AREAS.length,
    answers: p.answers,
    subscriptionTierAtCheckIn: p.tier ?? 'premium',
    timezone: p.timezone ?? 'UTC',
  };
}
