import { endpoints } from "../../contract/api/index.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { route } from "../http/route.ts";
import { markAllRead, markRead, markUnread, unreadCounts } from "../storage/reads.ts";
import { ok, userRouter } from "./context.ts";

export function readRoutes(auth: Auth, database: DatabaseHandle) {
  const app = userRouter(auth, database);
  const reads = endpoints.reads;

  route(app, reads.unread, async ({ request: { view } }, c) => ({
    code: 0 as const,
    data: await unreadCounts(database, c.get("userId"), view),
  }));

  route(app, reads.markRead, async ({ request: { entryIds } }, c) => {
    await markRead(database, c.get("userId"), entryIds);
    return ok;
  });

  route(app, reads.markUnread, async ({ request: { entryId } }, c) => {
    if (!(await markUnread(database, c.get("userId"), entryId))) throw new ApiError(3000);
    return ok;
  });

  route(app, reads.markAllRead, async ({ request: filter }, c) => ({
    code: 0 as const,
    data: { read: await markAllRead(database, c.get("userId"), filter) },
  }));

  return app;
}
