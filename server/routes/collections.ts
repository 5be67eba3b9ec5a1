import { endpoints } from "../../contract/api/index.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { route } from "../http/route.ts";
import { collect, isCollected, uncollect } from "../storage/collections.ts";
import { ok, userRouter } from "./context.ts";

/** Stars ("collections"): a personal set of entries. */
export function collectionRoutes(auth: Auth, database: DatabaseHandle) {
  const app = userRouter(auth, database);
  const { check, add, remove } = endpoints.collections;

  route(app, check, async ({ request: { entryId } }, c) => ({
    code: 0 as const,
    data: await isCollected(database, c.get("userId"), entryId),
  }));

  route(app, add, async ({ request: { entryId, view } }, c) => {
    if (!(await collect(database, c.get("userId"), entryId, view))) throw new ApiError(3000);
    return ok;
  });

  route(app, remove, async ({ request: { entryId } }, c) => {
    await uncollect(database, c.get("userId"), entryId);
    return ok;
  });

  return app;
}
