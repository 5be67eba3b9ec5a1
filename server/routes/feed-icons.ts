import { Hono } from "hono";
import { endpoints } from "../../contract/api/index.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { requireUser, type SessionVariables } from "../http/require-user.ts";
import { passThrough } from "../http/route.ts";
import { ICON_REFRESH_MS, type IconStore } from "../icons/feed-icons.ts";
import { feedNotFound, readableFeedById } from "../storage/feed-access.ts";

const FEED_ID = /^\d{1,20}$/;

/**
 * A feed's kept site icon, to those who may read the feed (feed-access.ts: public feeds, their
 * own, secret-URL feeds they subscribe to); to anyone else the feed does not exist. The bytes go
 * out with the type their first bytes tell, nosniff and a sandbox, so an icon can never run as a
 * page of this origin; browsers keep it as long as the server does.
 */
export function feedIconRoutes(auth: Auth, database: DatabaseHandle, store: IconStore) {
  const app = new Hono<{ Variables: SessionVariables }>();
  app.use(endpoints.feeds.icon.path.replace("/feeds", ""), requireUser(auth, database));
  passThrough(app, endpoints.feeds.icon, async (c) => {
    const id = c.req.query("id") ?? "";
    if (!FEED_ID.test(id)) throw new ApiError(1002, "id must be a feed id");
    if (!(await readableFeedById(database, c.get("userId"), id))) throw feedNotFound();
    const icon = await store.read(id);
    if (!icon) {
      // No content rather than 404: an <img> falls back to the initials either way, and the
      // browser does not log an error for every feed without an icon. Asked again soon, as a
      // new feed's icon is looked for right after its first refresh.
      return c.body(null, 204, { "cache-control": "private, max-age=300" });
    }
    return new Response(new Uint8Array(icon.bytes), {
      headers: {
        "content-type": icon.type,
        "content-length": String(icon.bytes.length),
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'; sandbox",
        "cache-control": `private, max-age=${ICON_REFRESH_MS / 1000}`,
      },
    });
  });
  return app;
}
