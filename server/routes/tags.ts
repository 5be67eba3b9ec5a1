import { endpoints } from "../../contract/api/index.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { route } from "../http/route.ts";
import {
  addEntryTag,
  listAllEntryTags,
  removeEntryTag,
  renameEntryTag,
} from "../storage/entry-tags.ts";
import { ok, userRouter } from "./context.ts";

/** Tags on entries: a person's own, on entries they can see. */
export function tagRoutes(auth: Auth, database: DatabaseHandle) {
  const app = userRouter(auth, database);
  const { list, add, remove, rename } = endpoints.tags;

  route(app, list, async (_input, c) => ({
    code: 0 as const,
    data: await listAllEntryTags(database, c.get("userId")),
  }));

  route(app, add, async ({ request: { entryId, tag } }, c) => {
    await addEntryTag(database, c.get("userId"), entryId, tag);
    return ok;
  });

  route(app, remove, async ({ request: { entryId, tag } }, c) => {
    await removeEntryTag(database, c.get("userId"), entryId, tag);
    return ok;
  });

  route(app, rename, async ({ request: { from, to } }, c) => {
    await renameEntryTag(database, c.get("userId"), from, to);
    return ok;
  });

  return app;
}
