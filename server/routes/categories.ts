import { DeleteCategoryRequest, RenameCategoryRequest } from "../../contract/reading.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { readJsonBody } from "../http/body.ts";
import { listCategories, unsubscribe, updateSubscription } from "../storage/subscriptions.ts";
import { ok, userRouter } from "./context.ts";

/** Categories are folder names on subscriptions: rename, delete (keeping or dropping feeds). */
export function categoryRoutes(auth: Auth, database: DatabaseHandle) {
  const app = userRouter(auth, database);
  app.get("/", async (c) =>
    c.json({ code: 0, data: await listCategories(database, c.get("userId")) }),
  );
  app.patch("/", async (c) => {
    const { feedIdList, category } = await readJsonBody(c, RenameCategoryRequest);
    await updateSubscription(database, c.get("userId"), feedIdList, { category });
    return c.json(ok);
  });
  app.delete("/", async (c) => {
    const { feedIdList, deleteSubscriptions } = await readJsonBody(c, DeleteCategoryRequest);
    if (deleteSubscriptions) await unsubscribe(database, c.get("userId"), feedIdList);
    else await updateSubscription(database, c.get("userId"), feedIdList, { category: null });
    return c.json(ok);
  });
  return app;
}
