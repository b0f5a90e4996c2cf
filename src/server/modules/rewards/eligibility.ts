import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rewardClaims, users } from '../../db/schema/index';
import { trialIsUpgrade, type MilestoneReward } from '../../../shared/domain/trials';

/** true when the user has not claimed the reward and its trial would be an upgrade of their tier. */
export async function rewardClaimable(db: Db, userId: string, reward: MilestoneReward): Promise<boolean> {
  const [u] = await db.select({ tier: users.tier }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u || !trialIsUpgrade(u.tier, reward.tier)) return false;
  const [c] = await db
    .select({ t: rewardClaims.rewardType })
    .from(rewardClaims)
    .where(and(eq(rewardClaims.userId, userId), eq(rewardClaims.rewardType, reward.rewardType)))
    .limit(1);
  return !c;
}
