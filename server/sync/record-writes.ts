import { createMiddleware } from "hono/factory";
import { listEndpoints } from "../../contract/api/index.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { SessionVariables } from "../http/require-user.ts";
import { recordChange } from "./changes.ts";

/**
 * Calls sent as POST that only read (a query too large for a URL, a test of a connection, a
 * parse): they must not bump the version, or a client's pull would poke itself into pulling
 * again.
 */
const READS_BY_POST = new Set([
  "discover.search",
  "entries.list",
  "entries.stream",
  "inboxes.listEntries",
  "integrations.save",
  "integrations.test",
  "push.test",
  "profiles.batch",
  "search.query",
  "feedRouteInstances.check",
  "subscriptions.parseOpml",
]);

const readOnly = listEndpoints()
  .filter(({ name }) => READS_BY_POST.has(name))
  .map(({ endpoint }) => ({ method: endpoint.method, path: endpoint.path }));

/** Whether a request only reads (a read-only token may send it). */
export const isRead = (method: string, path: string) =>
  method === "GET" ||
  method === "HEAD" ||
  method === "OPTIONS" ||
  readOnly.some((call) => call.method === method && path.endsWith(call.path));

/**
 * After a signed-in user's write succeeded (2xx, not an idempotent replay, which changed
 * nothing), their version is bumped with scope "state" and their other devices are poked.
 * Awaited before the answer goes out, so the writer's own next pull already sees the version.
 */
export function recordWrites(database: DatabaseHandle) {
  return createMiddleware<{ Variables: SessionVariables }>(async (c, next) => {
    await next();
    if (isRead(c.req.method, c.req.path)) return;
    if (c.res.status < 200 || c.res.status >= 300) return;
    if (c.res.headers.get("idempotent-replayed")) return;
    const userId = c.get("userId");
    if (userId) await recordChange(database, [userId], "state");
  });
}
