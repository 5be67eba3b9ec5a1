import { Schema } from "effect";
import {
  MarkAllReadRequest,
  MarkReadRequest,
  MarkUnreadRequest,
  View,
} from "../../contract/reading.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { readJsonBody, readQuery } from "../http/body.ts";
import { markAllRead, markRead, markUnread, unreadCounts } from "../storage/reads.ts";
import { ok, userRouter } from "./context.ts";

const ReadsQuery = Schema.Struct({
  view: Schema.optional(Schema.NumberFromString.pipe(Schema.decodeTo(View))),
});

export function readRoutes(auth: Auth, database: DatabaseHandle) {
  const app = userRouter(auth, database);
  app.get("/", async (c) => {
    const { view } = readQuery(c, ReadsQuery);
    return c.json({ code: 0, data: await unreadCounts(database, c.get("userId"), view) });
  });
  app.post("/", async (c) => {
    const { entryIds } = await readJsonBody(c, MarkReadRequest);
    await markRead(database, c.get("userId"), entryIds);
    return c.json(ok);
  });
  app.delete("/", async (c) => {
    const { entryId } = await readJsonBody(c, MarkUnreadRequest);
    if (!(await markUnread(database, c.get("userId"), entryId))) throw new ApiError(3000);
    return c.json(ok);
  });
  app.post("/all", async (c) => {
    const filter = await readJsonBody(c, MarkAllReadRequest);
    return c.json({
      code: 0,
      data: { read: await markAllRead(database, c.get("userId"), filter) },
    });
  });
  return app;
}
