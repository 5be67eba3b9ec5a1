import type { AchievementId } from "../../contract/api/achievements.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { rewardUser } from "../wallet/reward.ts";

/**
 * Pays an achievement's POWER into the person's wallet: a mint keyed by person and
 * achievement, so a retry (or a second claim racing the first) never pays twice.
 */
export async function payAchievementReward(
  database: DatabaseHandle,
  reward: { userId: string; achievementId: AchievementId; amount: bigint },
): Promise<void> {
  await rewardUser(database, {
    userId: reward.userId,
    amount: reward.amount,
    reason: `achievement ${reward.achievementId}`,
    idempotencyKey: `achievement:${reward.userId}:${reward.achievementId}`,
  });
}
