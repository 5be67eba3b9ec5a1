import { Schema } from "effect";
import { CollectionRequest, EntityId, UncollectRequest } from "../../contract/reading.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { readJsonBody, readQuery } from "../http/body.ts";
import { collect, isCollected, uncollect } from "../storage/collections.ts";
import { ok, userRouter } from "./context.ts";

/** Stars ("collections"): a personal set of entries. */
export function collectionRoutes(auth: Auth, database: DatabaseHandle) {
  const app = userRouter(auth, database);
  app.get("/", async (c) => {
    const { entryId } = readQuery(c, Schema.Struct({ entryId: EntityId }));
    return c.json({ code: 0, data: await isCollected(database, c.get("userId"), entryId) });
  });
  app.post("/", async (c) => {
    const { entryId, view } = await readJsonBody(c, CollectionRequest);
    if (!(await collect(database, c.get("userId"), entryId, view))) throw new ApiError(3000);
    return c.json(ok);
  });
  app.delete("/", async (c) => {
    const { entryId } = await readJsonBody(c, UncollectRequest);
    await uncollect(database, c.get("userId"), entryId);
    return c.json(ok);
  });
  return app;
}
