/**
 * Where revenue comes from, isolated in one file so it can be pointed at the payment records when they land
 * (decision 019). Cross-user aggregates, admin only.
 *
 * - paidSubscribersByTier: users who pay for their tier now. Until payments are recorded here this is
 *   "effective tier is ad-free, premium or ai-coach and not that tier's running trial" (trials and coupon
 *   trials are never paid). With the payments module's `subscriptions.paid_tier` / `paid_until`, it becomes
 *   `paid_tier` counted where `paid_until > now`.
 * - purchaseTotals: one-off purchases (shields, streak recoveries) and all revenue in a period. There is no
 *   purchase table yet, so every total is zero; with the `purchases` table (type, amount_cents, status,
 *   created_at) it becomes a sum of completed purchases by type.
 */
import { sql } from 'drizzle-orm';
import type { Tier } from '../../../shared/domain/tiers';
import type { Db } from '../../db/client';
import { num, rowsOf } from './sql';

export async function paidSubscribersByTier(db: Db, now: Date): Promise<Partial<Record<Tier, number>>> {
  const rows = await rowsOf<{ tier: Tier; n: number }>(
    db,
    sql`SELECT u.tier, count(*)::int AS n
        FROM users u LEFT JOIN subscriptions s ON s.user_id = u.id
        WHERE u.tier IN ('ad-free', 'premium', 'ai-coach')
          AND NOT (u.tier = 'premium' AND s.premium_expires_at IS NOT NULL AND s.premium_expires_at > ${now.toISOString()}::timestamptz)
          AND NOT (u.tier = 'ai-coach' AND s.ai_coach_expires_at IS NOT NULL AND s.ai_coach_expires_at > ${now.toISOString()}::timestamptz)
        GROUP BY u.tier`,
  );
  return Object.fromEntries(rows.map((r) => [r.tier, num(r.n)]));
}

export interface PurchaseTotals {
  shield: { count: number; revenue: number };
  recovery: { count: number; revenue: number };
  /** Every completed payment (subscriptions included), US dollars. */
  totalRevenue: number;
}

/** Completed purchases made in [from, to) (from null: since the beginning). Zero until payments are recorded. */
export async function purchaseTotals(_db: Db, _from: Date | null, _to: Date): Promise<PurchaseTotals> {
  return { shield: { count: 0, revenue: 0 }, recovery: { count: 0, revenue: 0 }, totalRevenue: 0 };
}
