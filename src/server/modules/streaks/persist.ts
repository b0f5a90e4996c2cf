import { addLocalDays, startOfLocalDay } from '@shared/domain/dates';
import { countText, streakLengthText, type StreakEvent, type StreakState } from '@shared/domain/streak-engine';
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

/**
 * When the user's next rollover is due: the end (in the current zone) of the first unsettled date,
 * lastProcessedDate + 1. After a check-in on D that is the end of D+1 (D is already settled), so active users
 * are not touched at every midnight. Null when a missed day could change nothing (streak at its checkpoint).
 */
export function rolloverDue(s: StreakState, tz: string): Date | null {
  if (s.currentStreak <= s.checkpoint || s.lastProcessedDate === null) return null;
  return startOfLocalDay(addLocalDays(s.lastProcessedDate, 2), tz);
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
            ? `Checked in: ${streakLengthText(streak)} streak — ${e.milestone.name} reached!`
            : `Checked in: ${streakLengthText(streak)} streak`,
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
              ? `Missed ${e.date} with no shields: ${streakLengthText(e.lostValue)} streak fell back to the ${e.resetTo}-day checkpoint`
              : `Missed ${e.date} with no shields: ${streakLengthText(e.lostValue)} streak ended`,
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
              ? `Streak recovered with a shield: back to ${countText(e.restoredTo, 'day')}`
              : `Streak recovery purchased: back to ${countText(e.restoredTo, 'day')}`,
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
      case 'rest-day':
        return {
          ...base,
          reason: 'rest-day-used',
          description: `Rest day: ${e.date} kept your streak as it was`,
          currentStreak: streak,
          freezeDaysRemaining: shields,
        };
      case 'shields-revoked':
        shields -= e.n;
        return {
          ...base,
          reason: 'refund',
          description: `${countText(e.n, 'shield')} taken back: the purchase was refunded`,
          shieldsDelta: -e.n,
          currentStreak: streak,
          freezeDaysRemaining: shields,
          ref: ctx.ref ?? null,
        };
      case 'shields-granted': {
        shields += e.n;
        const reason = ctx.grantReason ?? 'developer';
        const what =
          reason === 'purchase' ? 'purchased' : reason === 'tier-grant' ? 'included with your plan' : 'added by developer tools';
        return {
          ...base,
          reason,
          description: `${countText(e.n, 'shield')} ${what}${ctx.grantNote ? ` (${ctx.grantNote})` : ''}`,
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

