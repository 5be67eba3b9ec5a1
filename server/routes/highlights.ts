import { endpoints } from "../../contract/api/index.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { route } from "../http/route.ts";
import {
  createHighlight,
  deleteHighlight,
  listHighlights,
  updateHighlight,
} from "../storage/highlights.ts";
import { ok, userRouter } from "./context.ts";

/** Highlights and their notes: a person's own, on entries they can see. */
export function highlightRoutes(auth: Auth, database: DatabaseHandle) {
  const app = userRouter(auth, database);
  const { list, create, update, remove } = endpoints.highlights;

  route(app, list, async (_input, c) => ({
    code: 0 as const,
    data: await listHighlights(database, c.get("userId")),
  }));

  route(app, create, async ({ request }, c) => ({
    code: 0 as const,
    data: await createHighlight(database, c.get("userId"), {
      ...request,
      note: request.note ?? "",
    }),
  }));

  route(app, update, async ({ request: { id, ...change } }, c) => {
    await updateHighlight(database, c.get("userId"), id, change);
    return ok;
  });

  route(app, remove, async ({ request: { id } }, c) => {
    await deleteHighlight(database, c.get("userId"), id);
    return ok;
  });

  return app;
}
