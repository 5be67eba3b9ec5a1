import { Schema } from "effect";
import {
  BatchSubscriptionRequest,
  DeleteSubscriptionRequest,
  SubscribeRequest,
  UpdateSubscriptionRequest,
  View,
} from "../../contract/reading.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { readJsonBody, readQuery } from "../http/body.ts";
import { idScanLimiterFor } from "../http/id-scan-limiter.ts";
import type { SubscribeService } from "../jobs/subscribe.ts";
import { findFeedById, findFeedByUrl } from "../storage/feeds.ts";
import { toSubscriptionModel } from "../storage/mappers.ts";
import {
  findSubscription,
  listSubscriptions,
  unsubscribe,
  updateSubscription,
} from "../storage/subscriptions.ts";
import { ok, userRouter } from "./context.ts";
import { feedUrlHasSecret } from "./feed-url-privacy.ts";

const ListQuery = Schema.Struct({
  view: Schema.optional(Schema.NumberFromString.pipe(Schema.decodeTo(View))),
});

export function subscriptionRoutes(
  auth: Auth,
  database: DatabaseHandle,
  subscriber: SubscribeService,
) {
  const app = userRouter(auth, database);
  const idScans = idScanLimiterFor(database);

  app.get("/", async (c) => {
    const { view } = readQuery(c, ListQuery);
    const rows = await listSubscriptions(database, c.get("userId"), view);
    return c.json({ code: 0, data: rows.map((r) => toSubscriptionModel(r.subscription, r.feed)) });
  });

  app.post("/", async (c) => {
    const body = await readJsonBody(c, SubscribeRequest);
    const userId = c.get("userId");
    // By id alone, a feed whose URL holds a credential is for those who know the URL: anyone
    // else would get its entries and its full URL through the new subscription (issue 10, M1).
    // (A feed id wins over a URL in the same request, so the URL must be this feed's own.)
    if (body.feedId && !(await findSubscription(database, userId, body.feedId))) {
      idScans.takeOrThrow(c, userId);
      const feed = await findFeedById(database, body.feedId);
      if (feed && feedUrlHasSecret(feed.url) && body.url?.trim() !== feed.url) {
        throw new ApiError(2001, "this private feed can only be subscribed to by its URL");
      }
    }
    return c.json({ code: 0, ...(await subscriber.subscribe(userId, body)) });
  });

  app.patch("/", async (c) => {
    const { feedId, ...changes } = await readJsonBody(c, UpdateSubscriptionRequest);
    const updated = await updateSubscription(database, c.get("userId"), [feedId], changes);
    if (updated === 0) throw new ApiError(2001, "you do not subscribe to this feed");
    return c.json(ok);
  });

  app.delete("/", async (c) => {
    const { feedId, feedIdList, url } = await readJsonBody(c, DeleteSubscriptionRequest);
    const ids = [...(feedIdList ?? []), ...(feedId ? [feedId] : [])];
    if (url) {
      const feed = await findFeedByUrl(database, url);
      if (feed) ids.push(feed.id);
    }
    if (ids.length === 0 && !url) throw new ApiError(2002);
    await unsubscribe(database, c.get("userId"), ids);
    return c.json(ok);
  });

  app.patch("/batch", async (c) => {
    const { feedIds, category, view } = await readJsonBody(c, BatchSubscriptionRequest);
    await updateSubscription(database, c.get("userId"), feedIds, { category, view });
    return c.json(ok);
  });
  return app;
}
