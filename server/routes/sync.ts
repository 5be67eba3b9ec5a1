import type { HttpBindings } from "@hono/node-server";
import { endpoints } from "../../contract/api/index.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { route } from "../http/route.ts";
import { sessionMemoFor } from "../http/session-memo.ts";
import { nodeSink, type SyncHub } from "../sync/hub.ts";
import { readVersion } from "../sync/versions.ts";
import { userRouter } from "./context.ts";

const STREAM_HEADERS = {
  "content-type": "text/event-stream",
  "cache-control": "no-cache, no-transform",
  // nginx and others buffer answers unless told not to; a poke must not wait in a buffer.
  "x-accel-buffering": "no",
  "x-content-type-options": "nosniff",
};

/**
 * Tells @hono/node-server the handler wrote the answer itself. Its own RESPONSE_ALREADY_SENT is
 * answered through a shortcut for responses it has not built yet, which ignores the marker and
 * writes headers again; reading `body` builds this one, so it takes the path that honours it.
 */
function alreadySent(): Response {
  const response = new Response(null, { headers: { "x-hono-already-sent": "true" } });
  void response.body;
  return response;
}

/**
 * The live change stream and the version it speaks of. The stream's connect event always states
 * the current version, so a resuming client (Last-Event-ID, or `?version=`) that missed pokes
 * sees a newer version than its own and pulls; what it last saw changes nothing else.
 */
export function syncRoutes(auth: Auth, database: DatabaseHandle, hub: SyncHub) {
  const app = userRouter(auth, database);
  const sessions = sessionMemoFor(auth, database);

  route(app, endpoints.sync.version, async (_input, c) => {
    const version = await readVersion(database.db, c.get("userId"));
    return { code: 0 as const, data: { version: String(version) } };
  });

  route(app, endpoints.sync.stream, (_input, c) => {
    if (!hub.hasRoom()) {
      c.header("retry-after", "5");
      throw new ApiError(1005, "too many live connections on this server; retry shortly", 503);
    }
    // A HEAD has no body to stream: the headers alone, and nothing held open.
    if (c.req.method === "HEAD") return new Response(null, { headers: STREAM_HEADERS });
    const userId = c.get("userId");
    const current = readVersion(database.db, userId);
    // The stream outlives this request: its session is checked again while it is open.
    const credentials = new Headers();
    for (const name of ["cookie", "authorization"]) {
      const value = c.req.header(name);
      if (value) credentials.set(name, value);
    }
    const stillSignedIn = async () => (await sessions.resolve(credentials))?.userId === userId;
    // Written to Node's response directly: an idle stream's heartbeat is then one socket
    // write, with no web-stream machinery per chunk (about half the CPU at 1,000 idle streams).
    const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
    if (outgoing) {
      outgoing.writeHead(200, STREAM_HEADERS);
      outgoing.flushHeaders();
      const forget = hub.attach(userId, current, nodeSink(outgoing), stillSignedIn);
      outgoing.once("close", forget);
      return alreadySent();
    }
    const body = hub.open(userId, current, c.req.raw.signal, stillSignedIn);
    return new Response(body, { headers: STREAM_HEADERS });
  });

  return app;
}
