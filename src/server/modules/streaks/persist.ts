import { nextRolloverAt, type StreakEvent, type StreakState } from '../../../shared/domain/streak-engine';
import type { LedgerInsert } from './repo';

/** Why shields were added, for the ledger. */
export type GrantReason = 'purchase' | 'tier-grant' | 'developer';

export interface LedgerContext {
  userId: string;
  now: Date;
  grantReason?: GrantReason;
  grantNote?: string;
  ref?: string | null;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A rollover is needed only while a missed day could change something (the streak is above its checkpoint). */
export function rolloverDue(s: StreakState, now: Date, tz: string): Date | null {
  return s.currentStreak > s.checkpoint ? nextRolloverAt(now, tz) : null;
}

/** Ledger rows for a step, each with the values that resulted from it. */
export function ledgerRows(before: StreakState, events: StreakEvent[], ctx: LedgerContext): LedgerInsert[] {
  let streak = before.currentStreak;
  let shields = before.freezeDaysRemaining;
  return events.map((e, i): LedgerInsert => {
    const base = { userId: ctx.userId, date: e.date, createdAt: new Date(ctx.now.getTime() + i), ref: null as string | null };
    switch (e.type) {
      case 'check-in':
        streak += 1;
        return {
          ...base,
          reason: 'check-in',
          description: e.milestone
            ? `Checked in: ${plural(streak, 'day')} streak — ${e.milestone.name} reached!`
            : `Checked in: ${plural(streak, 'day')} streak`,
          streakDelta: 1,
          currentStreak: streak,
          freezeDaysRemaining: shields,
        };
      case 'shield-used':
        shields -= 1;
        return {
          ...base,
          reason: 'shield-used',
          description: `Shield used: missed ${e.date} without losing your streak`,
          shieldsDelta: -1,
          currentStreak: streak,
          freezeDaysRemaining: shields,
        };
      case 'break': {
        const delta = e.resetTo - streak;
        streak = e.resetTo;
        return {
          ...base,
          reason: 'break',
          description:
            e.resetTo > 0
              ? `Missed ${e.date} with no shields: ${plural(e.lostValue, 'day')} streak fell back to the ${e.resetTo}-day checkpoint`
              : `Missed ${e.date} with no shields: ${plural(e.lostValue, 'day')} streak ended`,
          streakDelta: delta,
          currentStreak: streak,
          freezeDaysRemaining: shields,
        };
      }
      case 'recovery':
        streak = e.restoredTo;
        if (e.method === 'shield') shields -= 1;
        return {
          ...base,
          reason: 'recovery',
          description:
            e.method === 'shield'
              ? `Streak recovered with a shield: back to ${plural(e.restoredTo, 'day')}`
              : `Streak recovery purchased: back to ${plural(e.restoredTo, 'day')}`,
          streakDelta: e.streakDelta,
          shieldsDelta: e.method === 'shield' ? -1 : 0,
          currentStreak: streak,
          freezeDaysRemaining: shields,
          ref: ctx.ref ?? null,
        };
      case 'decline':
        return {
          ...base,
          reason: 'decline',
          description: 'Recovery declined: a fresh start',
          currentStreak: streak,
          freezeDaysRemaining: shields,
        };
      case 'shields-granted': {
        shields += e.n;
        const reason = ctx.grantReason ?? 'developer';
        const what =
          reason === 'purchase' ? 'purchased' : reason === 'tier-grant' ? 'included with your plan' : 'added by developer tools';
        return {
          ...base,
          reason,
          description: `${plural(e.n, 'shield')} ${what}${ctx.grantNote ? ` (${ctx.grantNote})` : ''}`,
          shieldsDelta: e.n,
          currentStreak: streak,
          freezeDaysRemaining: shields,
          ref: ctx.ref ?? null,
        };
      }
    }
  });
}

export function frozenRows(userId: string, events: StreakEvent[], now: Date) {
  return events.filter((e) => e.type === 'shield-used').map((e) => ({ userId, date: e.date, createdAt: now }));
}

export function recoveredRows(userId: string, events: StreakEvent[], now: Date, paymentRef: string | null) {
  return events.flatMap((e) =>
    e.type === 'recovery'
      ? e.gapDates.map((date) => ({ userId, date, method: e.method, paymentRef: e.method === 'paid' ? paymentRef : null, createdAt: now }))
      : [],
  );
}

