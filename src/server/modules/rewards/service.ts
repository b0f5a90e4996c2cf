import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rewardClaims, users } from '../../db/schema/index';
import { badRequest, conflict } from '../../errors';
import { MILESTONE_REWARDS, TRIAL_MS, rewardFor, trialIsUpgrade, type RewardType } from '../../../shared/domain/trials';
import { REWARD_MESSAGES } from '../../../shared/schemas/subscriptions';
import { settleNow } from '../streaks/service';
import { expireTrials, getSubscription, readSubscription, startTierChange } from '../subscriptions/service';

const inTx = <T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> => db.transaction(async (tx) => fn(tx as unknown as Db));

async function claimedTypes(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db.select({ t: rewardClaims.rewardType }).from(rewardClaims).where(eq(rewardClaims.userId, userId));
  return new Set(rows.map((r) => r.t));
}

/** Rewards earned by the streak (best streak reached the milestone), not claimed, and an upgrade for the tier. */
export async function availableRewards(app: FastifyInstance, userId: string) {
  const sub = await getSubscription(app, userId); // expires due trials first
  const streak = await settleNow(app.db, userId, app.clock.now());
  const claimed = await claimedTypes(app.db, userId);
  return {
    availableRewards: MILESTONE_REWARDS.filter(
      (r) => streak.bestStreak >= r.milestone && !claimed.has(r.rewardType) && trialIsUpgrade(sub.tier, r.tier),
    ).map((r) => ({ type: r.rewardType, reward: r.reward, milestone: r.milestone })),
  };
}

export async function claimReward(app: FastifyInstance, userId: string, rewardType: RewardType) {
  const now = app.clock.now();
  await getSubscription(app, userId);
  const reward = rewardFor(rewardType);
  const streak = await settleNow(app.db, userId, now);
  await inTx(app.db, async (tx) => {
    // Once per user and type: the primary key decides, not a read-then-write check.
    const inserted = await tx
      .insert(rewardClaims)
      .values({ userId, rewardType, claimedAt: now })
      .onConflictDoNothing()
      .returning({ t: rewardClaims.rewardType });
    if (!inserted.length) throw conflict(REWARD_MESSAGES.alreadyClaimed);
    // Ended trials first (subscription, then user locks — the order expiry uses): the tier checked is current.
    await expireTrials(tx, userId, now);
    const [u] = await tx.select({ tier: users.tier }).from(users).where(and(eq(users.id, userId))).for('no key update');
    if (!u || streak.bestStreak < reward.milestone || !trialIsUpgrade(u.tier, reward.tier)) {
      throw badRequest(REWARD_MESSAGES.notAvailable);
    }
    await startTierChange(tx, { userId, toTier: reward.tier, source: 'reward', now, trialMs: TRIAL_MS });
  });
  return {
    message: `Enjoy ${reward.reward}!`,
    rewardType,
    milestone: reward.milestone,
    subscription: await readSubscription(app.db, userId),
  };
}

/** The rewards the user has claimed (for the data export). */
export async function claimsOf(app: FastifyInstance, userId: string) {
  const rows = await app.db.select().from(rewardClaims).where(eq(rewardClaims.userId, userId)).orderBy(rewardClaims.claimedAt);
  return rows.map((r) => ({ rewardType: r.rewardType, claimedAt: r.claimedAt.toISOString() }));
}
