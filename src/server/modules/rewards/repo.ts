import { and, eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { rewardClaims } from '@server/db/schema/index';
import type { RewardType } from '@shared/domain/trials';

/** The reward types the user has claimed. */
export async function claimedTypes(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db.select({ t: rewardClaims.rewardType }).from(rewardClaims).where(eq(rewardClaims.userId, userId));
  return new Set(rows.map((r) => r.t));
}

export async function hasClaimed(db: Db, userId: string, rewardType: RewardType): Promise<boolean> {
  const [c] = await db
    .select({ t: rewardClaims.rewardType })
    .from(rewardClaims)
    .where(and(eq(rewardClaims.userId, userId), eq(rewardClaims.rewardType, rewardType)))
    .limit(1);
  return !!c;
}

/** Records the claim once per user and type (the primary key decides); false when it was claimed already. */
export async function insertClaimOnce(db: Db, userId: string, rewardType: RewardType, now: Date): Promise<boolean> {
  const inserted = await db
    .insert(rewardClaims)
    .values({ userId, rewardType, claimedAt: now })
    .onConflictDoNothing()
    .returning({ t: rewardClaims.rewardType });
  return inserted.length > 0;
}

export async function listClaims(db: Db, userId: string) {
  return db.select().from(rewardClaims).where(eq(rewardClaims.userId, userId)).orderBy(rewardClaims.claimedAt);
}
