import { endpoints } from "../../contract/api/index.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { route } from "../http/route.ts";
import { listCategories, unsubscribe, updateSubscription } from "../storage/subscriptions.ts";
import { ok, userRouter } from "./context.ts";

/** Categories are folder names on subscriptions: rename, delete (keeping or dropping feeds). */
export function categoryRoutes(auth: Auth, database: DatabaseHandle) {
  const app = userRouter(auth, database);
  const { list, rename, remove } = endpoints.categories;

  route(app, list, async (_, c) => ({
    code: 0 as const,
    data: await listCategories(database, c.get("userId")),
  }));

  route(app, rename, async ({ request: { feedIdList, category } }, c) => {
    await updateSubscription(database, c.get("userId"), feedIdList, { category });
    return ok;
  });

  route(app, remove, async ({ request: { feedIdList, deleteSubscriptions } }, c) => {
    if (deleteSubscriptions) await unsubscribe(database, c.get("userId"), feedIdList);
    else await updateSubscription(database, c.get("userId"), feedIdList, { category: null });
    return ok;
  });

  return app;
}
