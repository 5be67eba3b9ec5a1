import { endpoints } from "../../contract/api/index.ts";
import { countFeeds, countOtherLists, withinTrialQuota } from "../accounts/trial.ts";
import type { Auth } from "../auth.ts";
import type { ServerConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { idScanLimiterFor } from "../http/id-scan-limiter.ts";
import { route } from "../http/route.ts";
import type { OpmlImporter } from "../jobs/opml-import.ts";
import type { SubscribeService } from "../jobs/subscribe.ts";
import { findFeedByUrl } from "../storage/feeds.ts";
import { inboxesOf } from "../storage/inboxes.ts";
import {
  findList,
  listSubscriptionsOf,
  subscriberCount,
  subscribeToList,
  toListModel,
  unsubscribeFromList,
} from "../storage/lists.ts";
import { toSubscriptionModel } from "../storage/mappers.ts";
import {
  findSubscription,
  listSubscriptions,
  unsubscribe,
  updateSubscription,
} from "../storage/subscriptions.ts";
import { purchaseList } from "../wallet/service.ts";
import { ok, userRouter } from "./context.ts";
import { toInboxModel } from "./inboxes.ts";
import { registerOpmlRoutes } from "./opml.ts";

export function subscriptionRoutes(
  auth: Auth,
  database: DatabaseHandle,
  subscriber: SubscribeService,
  opml: {
    importer: OpmlImporter;
    config: Parameters<typeof registerOpmlRoutes>[3] & Parameters<typeof toInboxModel>[1];
  },
  /** A trial user's feed and list quotas (codes 1100, 1101); none when absent. */
  trialLimits?: ServerConfig["trialLimits"],
) {
  const app = userRouter(auth, database);
  const idScans = idScanLimiterFor(database);
  const { list, subscribe, update, unsubscribe: leave, batchUpdate } = endpoints.subscriptions;

  route(app, list, async ({ request: { view } }, c) => {
    const userId = c.get("userId");
    const rows = await listSubscriptions(database, userId, view);
    const lists = await listSubscriptionsOf(database, userId, view);
    // An inbox is followed by its owner, in Articles.
    const inboxes = view === undefined || view === 0 ? await inboxesOf(database, userId) : [];
    return {
      code: 0 as const,
      data: [
        ...rows.map((r) => toSubscriptionModel(r.subscription, r.feed)),
        ...lists,
        ...inboxes.map((row) => ({
          userId,
          inboxId: row.id,
          view: 0,
          isPrivate: false,
          title: row.title,
          category: null,
          createdAt: row.created_at,
          inboxes: toInboxModel(row, opml.config),
        })),
      ],
    };
  });

  route(app, subscribe, async ({ request: body }, c) => {
    const userId = c.get("userId");
    if (body.listId) {
      const found = await findList(database.db, body.listId);
      if (!found) throw new ApiError(8000);
      // A paid list is bought once (its fee goes to its owner; 4002 when short), then followed.
      await purchaseList(database, {
        userId,
        idempotencyKey: c.req.header("idempotency-key") ?? `list-purchase:${found.id}`,
        list: found,
      });
      const { unread, feedIds } = await withinTrialQuota(
        database,
        trialLimits,
        userId,
        "lists",
        () => countOtherLists(database, userId, found.id),
        () =>
          subscribeToList(database, {
            userId,
            list: found,
            view: body.view,
            category: body.category,
            title: body.title,
            isPrivate: body.isPrivate,
          }),
      );
      return {
        code: 0 as const,
        feed: null,
        list: toListModel(found, feedIds, await subscriberCount(database.db, found.id)),
        unread: { [found.id]: unread },
      };
    }
    // A feed id the user does not subscribe to is a lookup by id: budgeted. Which feeds an id
    // may name is decided where it is resolved (jobs/subscribe.ts, storage/feed-access.ts).
    if (body.feedId && !(await findSubscription(database, userId, body.feedId))) {
      idScans.takeOrThrow(c, userId);
    }
    const subscribed = await withinTrialQuota(
      database,
      trialLimits,
      userId,
      "feeds",
      () => countFeeds(database, userId),
      () => subscriber.subscribe(userId, body),
    );
    return { code: 0 as const, ...subscribed };
  });

  route(app, update, async ({ request: { feedId, ...changes } }, c) => {
    const updated = await updateSubscription(database, c.get("userId"), [feedId], changes);
    if (updated === 0) throw new ApiError(2001, "you do not subscribe to this feed");
    return ok;
  });

  route(app, leave, async ({ request: { feedId, feedIdList, url, listId } }, c) => {
    if (listId) {
      await unsubscribeFromList(database, c.get("userId"), listId);
      if (!feedId && !feedIdList && !url) return ok;
    }
    const ids = [...(feedIdList ?? []), ...(feedId ? [feedId] : [])];
    if (url) {
      const feed = await findFeedByUrl(database, url);
      if (feed) ids.push(feed.id);
    }
    if (ids.length === 0 && !url) throw new ApiError(2002);
    await unsubscribe(database, c.get("userId"), ids);
    return ok;
  });

  route(app, batchUpdate, async ({ request: { feedIds, category, view } }, c) => {
    await updateSubscription(database, c.get("userId"), feedIds, { category, view });
    return ok;
  });

  registerOpmlRoutes(app, database, opml.importer, opml.config);
  return app;
}
