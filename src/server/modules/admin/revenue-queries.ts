/**
 * Where revenue comes from, in one file (decision 019): the payments module's records. Cross-user aggregates,
 * admin only.
 *
 * - paidSubscribersByTier: subscriptions whose paid tier is in force now: `subscriptions.paid_tier` while
 *   `paid_until` (plus the renewal grace when it renews by itself, as the subscriptions service reads it) is
 *   ahead. Trials and coupons never set a paid tier, so they never count.
 * - purchaseTotals: payments kept (`purchases`, status 'completed', 'disputed' or 'refunded') in a period, by type,
 *   in dollars, less what was refunded (`refunded_cents`): a fully refunded payment counts nowhere (issue 31). A
 *   deleted account's payments (user_id set null) count nowhere, as its user does not (decision 019).
 */
import { sql } from 'drizzle-orm';
import type { Tier } from '@shared/domain/tiers';
import type { Db } from '@server/db/client';
import { RENEWAL_GRACE_MS } from '../subscriptions/service';
import { num, rowsOf } from './sql';

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export async function paidSubscribersByTier(db: Db, now: Date): Promise<Partial<Record<Tier, number>>> {
  const rows = await rowsOf<{ tier: Tier; n: number }>(
    db,
    sql`SELECT paid_tier AS tier, count(*)::int AS n
        FROM subscriptions
        WHERE paid_tier IN ('ad-free', 'premium', 'ai-coach')
          AND (paid_until > ${iso(now)} OR (auto_renew AND paid_until > ${iso(new Date(now.getTime() - RENEWAL_GRACE_MS))}))
        GROUP BY paid_tier`,
  );
  return Object.fromEntries(rows.map((r) => [r.tier, num(r.n)]));
}

export interface PurchaseTotals {
  shield: { count: number; revenue: number };
  recovery: { count: number; revenue: number };
  /** Every completed payment (subscriptions included), US dollars. */
  totalRevenue: number;
}

/** Completed purchases made in (from, to] (from null: since the beginning). */
export async function purchaseTotals(db: Db, from: Date | null, to: Date): Promise<PurchaseTotals> {
  const [r] = await rowsOf<Record<string, unknown>>(
    db,
    sql`SELECT
      count(*) FILTER (WHERE type = 'shield')::int AS shield_n,
      coalesce(sum(amount_cents - refunded_cents) FILTER (WHERE type = 'shield'), 0)::int AS shield_cents,
      count(*) FILTER (WHERE type = 'streak_recovery')::int AS recovery_n,
      coalesce(sum(amount_cents - refunded_cents) FILTER (WHERE type = 'streak_recovery'), 0)::int AS recovery_cents,
      coalesce(sum(amount_cents - refunded_cents), 0)::bigint AS total_cents
    FROM purchases
    WHERE status IN ('completed', 'disputed', 'refunded') AND amount_cents > refunded_cents AND user_id IS NOT NULL AND created_at <= ${iso(to)} ${from === null ? sql`` : sql`AND created_at > ${iso(from)}`}`,
  );
  return {
    shield: { count: num(r?.shield_n), revenue: num(r?.shield_cents) / 100 },
    recovery: { count: num(r?.recovery_n), revenue: num(r?.recovery_cents) / 100 },
    totalRevenue: num(r?.total_cents) / 100,
  };
}
