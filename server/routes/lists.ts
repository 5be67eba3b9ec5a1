import { endpoints } from "../../contract/api/index.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { idScanLimiterFor } from "../http/id-scan-limiter.ts";
import { route } from "../http/route.ts";
import { subscribedFeedIds } from "../storage/feeds.ts";
import {
  addFeedsToList,
  createList,
  deleteList,
  findList,
  findListSubscription,
  type ListLimits,
  listFeedIdsFor,
  listsOwnedBy,
  ownedList,
  removeFeedsFromList,
  subscriberCount,
  toListModel,
  updateList,
} from "../storage/lists.ts";
import { toFeedModel } from "../storage/mappers.ts";
import { listPurchaseAmount } from "../wallet/service.ts";
import { ok, userRouter } from "./context.ts";

/** Lists: anyone signed in may look at a list; only its owner changes it (8001). */
export function listRoutes(auth: Auth, database: DatabaseHandle, limits: ListLimits) {
  const app = userRouter(auth, database);
  const lists = endpoints.lists;
  const idScans = idScanLimiterFor(database);

  route(app, lists.get, async ({ request: { listId } }, c) => {
    const userId = c.get("userId");
    const list = await findList(database.db, listId);
    if (!list) throw new ApiError(8000);
    const feedIds = await listFeedIdsFor(database.db, listId, userId);
    const feedRows = feedIds.length
      ? await database.db.selectFrom("feed").selectAll().where("id", "in", feedIds).execute()
      : [];

    const owner = await database.db
      .selectFrom("user")
      .select(["id", "name"])
      .where("id", "=", list.owner_user_id)
      .executeTakeFirst();
    const count = await subscriberCount(database.db, listId);
    return {
      code: 0 as const,
      data: {
        list: toListModel(list, feedIds, count, await listPurchaseAmount(database, listId)),
        // Only feeds this viewer may read by id: a private one is not there for them.
        feeds: feedRows.map(toFeedModel),
        owner: { id: list.owner_user_id, name: owner?.name ?? null },
        subscriptionCount: count,
        feedCount: feedIds.length,
        subscribed: Boolean(await findListSubscription(database.db, userId, listId)),
      },
    };
  });

  route(app, lists.list, async ({ request: { userId } }, c) => ({
    code: 0 as const,
    data: await listsOwnedBy(database, userId ?? c.get("userId"), c.get("userId")),
  }));

  route(app, lists.create, async ({ request }, c) => ({
    code: 0 as const,
    data: await createList(database, c.get("userId"), request, limits),
  }));

  route(app, lists.update, async ({ request: { listId, ...changes } }, c) => {
    await ownedList(database.db, c.get("userId"), listId);
    await updateList(database, listId, changes);
    return ok;
  });

  route(app, lists.remove, async ({ request: { listId } }, c) => {
    await deleteList(database, await ownedList(database.db, c.get("userId"), listId));
    return ok;
  });

  route(app, lists.addFeeds, async ({ request: { listId, feedId, feedIds } }, c) => {
    const userId = c.get("userId");
    await ownedList(database.db, userId, listId);
    const ids = [...new Set([...(feedIds ?? []), ...(feedId ? [feedId] : [])])];
    if (ids.length === 0) throw new ApiError(2002);
    // Each id the owner does not subscribe to is a lookup by id, budgeted like GET /feeds?id=:
    // otherwise adding ids to a list would tell which exist, without bound.
    const subscribed = await subscribedFeedIds(database, userId, ids);
    for (const id of ids) if (!subscribed.has(id)) idScans.takeOrThrow(c, userId);
    await addFeedsToList(database, userId, listId, ids, limits);
    return ok;
  });

  route(app, lists.removeFeeds, async ({ request: { listId, feedId, feedIds } }, c) => {
    await ownedList(database.db, c.get("userId"), listId);
    const ids = [...(feedIds ?? []), ...(feedId ? [feedId] : [])];
    if (ids.length === 0) throw new ApiError(2002);
    await removeFeedsFromList(database, listId, ids);
    return ok;
  });

  return app;
}
