import { inTx, withNow, type DataContext, type ServiceContext } from '@server/context';
import { badRequest, conflict } from '@server/errors';
import { MILESTONE_REWARDS, TRIAL_MS, rewardFor, trialIsUpgrade, type MilestoneReward, type RewardType } from '@shared/domain/trials';
import { REWARD_MESSAGES } from '@shared/schemas/subscriptions';
import { settleNow } from '../streaks/service';
import * as subscriptions from '../subscriptions/service';
import * as repo from './repo';
import { readUserState } from '../user-state/service';
import type { UserRow } from '@server/plugins/session';

/**
 * true when the user has not claimed the reward and its trial would be an upgrade of their tier. The streaks
 * service gets this passed in by the check-ins service, so streaks does not depend on rewards.
 */
export async function rewardClaimable(ctx: DataContext, userId: string, reward: MilestoneReward): Promise<boolean> {
  if (!trialIsUpgrade(await subscriptions.currentTier(ctx, userId), reward.tier)) return false;
  return !(await repo.hasClaimed(ctx.db, userId, reward.rewardType));
}

/** Rewards earned by the streak (best streak reached the milestone), not claimed, and an upgrade for the tier. */
export async function availableRewards(ctx: ServiceContext, user: Pick<UserRow, 'id' | 'timezone'>) {
  const userId = user.id;
  // The tier in force and the settled streak: the user's state (user-state), current at this instant.
  const { rows } = await readUserState(ctx, user);
  const sub = { tier: rows.user.tier };
  const streak = rows.state;
  const claimed = await repo.claimedTypes(ctx.db, userId);
  return {
    availableRewards: MILESTONE_REWARDS.filter(
      (r) => streak.bestStreak >= r.milestone && !claimed.has(r.rewardType) && trialIsUpgrade(sub.tier, r.tier),
    ).map((r) => ({ type: r.rewardType, reward: r.reward, milestone: r.milestone })),
  };
}

export async function claimReward(ctx: ServiceContext, userId: string, rewardType: RewardType) {
  const at = withNow(ctx, ctx.now());
  const reward = rewardFor(rewardType);
  const streak = await settleNow(at, userId);
  await inTx(at, async (tx) => {
    // Once per user and type: the primary key decides, not a read-then-write check.
    if (!(await repo.insertClaimOnce(tx.db, userId, rewardType, tx.now()))) throw conflict(REWARD_MESSAGES.alreadyClaimed);
    await subscriptions.startTrial(tx, { userId, toTier: reward.tier, source: 'reward', trialMs: TRIAL_MS }, (tier) => {
      if (streak.bestStreak < reward.milestone || !trialIsUpgrade(tier, reward.tier)) throw badRequest(REWARD_MESSAGES.notAvailable);
    });
  });
  return {
    message: `Enjoy ${reward.reward}!`,
    rewardType,
    milestone: reward.milestone,
    subscription: await subscriptions.readSubscription(ctx, userId),
  };
}

/** The rewards the user has claimed (for the data export). */
export async function claimsOf(ctx: ServiceContext, userId: string) {
  const rows = await repo.listClaims(ctx.db, userId);
  return rows.map((r) => ({ rewardType: r.rewardType, claimedAt: r.claimedAt.toISOString() }));
}
