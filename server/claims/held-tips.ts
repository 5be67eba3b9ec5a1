import type { DatabaseHandle } from "../db/connect.ts";
import { releaseHeldTips } from "../wallet/reward.ts";

/**
 * Tips sent to a feed before anyone claimed it are held in the feed's account; once it is
 * claimed they go to its owner in one ledger transfer.
 */
export async function releaseTipsHeldForFeed(
  database: DatabaseHandle,
  feedId: string,
  ownerUserId: string,
): Promise<void> {
  await releaseHeldTips(database, feedId, ownerUserId);
}
