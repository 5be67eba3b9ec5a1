import type { DatabaseHandle } from "../db/connect.ts";
import type { NormalizedEntry } from "../feed-model.ts";
import { type StoreResult, storeEntries } from "../storage/entries.ts";
import { recordNewEntries } from "../sync/changes.ts";
import { deliverActionEffects } from "./action-effects.ts";
import {
  type ActionOutcome,
  type ActionPlan,
  noOutcome,
  planActions,
  writeActions,
} from "./apply-actions.ts";
import { collectSubscriptionNotifications } from "./subscription-notify.ts";

export interface StoredEntries extends StoreResult {
  /** What subscribers' action rules asked for beyond the database (push, webhooks). */
  actions: ActionOutcome;
}

/**
 * Stores a feed's new entries with what storing them means for subscribers: their action rules
 * run on the entries not stored yet before the write, pausing for other requests, and the write
 * only records the outcomes; notifications are collected after the rules (a hidden entry is not
 * announced), over the whole refresh (the cap); pushes and webhooks go out after the commit.
 */
export async function storeFeedEntries(
  database: DatabaseHandle,
  feedId: string,
  entries: readonly NormalizedEntry[],
): Promise<StoredEntries> {
  const actions = noOutcome();
  let plan: ActionPlan = new Map();
  const stored = await storeEntries(database, feedId, entries, {
    beforeWrite: async (unseen) => {
      plan = await planActions(database.db, feedId, unseen);
    },
    afterBatch: async (trx, inserted) => {
      await writeActions(trx, plan, inserted, actions);
    },
    afterWrite: (trx, inserted) => collectSubscriptionNotifications(trx, feedId, inserted, actions),
  });
  deliverActionEffects(database, actions);
  // Its readers' open streams hear of the new entries (every process's, through the database).
  await recordNewEntries(database, feedId, stored.inserted);
  return { ...stored, actions };
}
