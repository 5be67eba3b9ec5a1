import { Hono } from "hono";
import { endpoints } from "../../contract/api/index.ts";
import type { Auth } from "../auth.ts";
import type { ServerConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { requireUser, type SessionVariables } from "../http/require-user.ts";
import { passThrough } from "../http/route.ts";
import type { Logger } from "../logger.ts";
import type { AvatarStore } from "../uploads/avatar-store.ts";
import { sniffImage } from "../uploads/avatar-store.ts";

/** Where a stored avatar is served, relative to the site. */
export function avatarPath(apiBasePath: string, name: string): string {
  return `${apiBasePath}/uploads/avatars/${name}`;
}

/**
 * Avatar upload and serving. The body is the image bytes; its type is told by its first bytes
 * (the Content-Type header is not trusted) and it is served back with that type, nosniff and a
 * sandbox, so a file can never run as a page of this origin.
 */
export function uploadRoutes(
  auth: Auth,
  database: DatabaseHandle,
  store: AvatarStore,
  options: { config: Pick<ServerConfig, "apiBasePath" | "uploads">; logger: Logger },
) {
  const app = new Hono<{ Variables: SessionVariables }>();
  const signedIn = requireUser(auth, database);
  const { apiBasePath, uploads } = options.config;

  passThrough(app, endpoints.uploads.getAvatar, async (c) => {
    const found = await store.read(c.req.param("name") ?? "").catch((error: unknown) => {
      options.logger.error({ err: error }, "avatar not read");
      throw new ApiError(14002, "The image could not be read", 503);
    });
    if (!found) throw new ApiError(1002, "No such avatar", 404);
    return new Response(new Uint8Array(found.bytes), {
      headers: {
        "content-type": found.type,
        "content-length": String(found.bytes.length),
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'; sandbox",
        "cache-control": "public, max-age=31536000, immutable",
      },
    });
  });

  app.use(endpoints.uploads.avatar.path.replace("/uploads", ""), signedIn);
  passThrough(app, endpoints.uploads.avatar, async (c) => {
    const userId = c.get("userId");
    const length = Number(c.req.header("content-length") ?? Number.NaN);
    if (length > uploads.avatarMaxBytes) {
      throw new ApiError(14001, `An avatar may be at most ${uploads.avatarMaxBytes} bytes`);
    }
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length > uploads.avatarMaxBytes) {
      throw new ApiError(14001, `An avatar may be at most ${uploads.avatarMaxBytes} bytes`);
    }
    const image = sniffImage(bytes);
    if (!image) throw new ApiError(14000, "Send a PNG, JPEG, GIF or WebP image");
    let name: string;
    try {
      name = await store.save(userId, bytes, image.ext);
    } catch (error) {
      options.logger.error({ err: error }, "avatar not stored");
      throw new ApiError(14002, "The image could not be stored");
    }
    const url = avatarPath(apiBasePath, name);
    // Through better-auth, so the session cookie (which carries the user) is renewed too.
    const previous = (await auth.api.getSession({ headers: c.req.raw.headers }))?.user.image;
    const updated = await auth.api.updateUser({
      body: { image: url },
      headers: c.req.raw.headers,
      asResponse: true,
    });
    if (!updated.ok) {
      await store.remove(userId, name);
      throw new ApiError(14002, "The image could not be stored");
    }
    const prefix = avatarPath(apiBasePath, "");
    if (previous?.startsWith(prefix)) await store.remove(userId, previous.slice(prefix.length));
    const response = c.json({ code: 0 as const, data: { url } });
    for (const cookie of updated.headers.getSetCookie()) {
      response.headers.append("set-cookie", cookie);
    }
    return response;
  });
  return app;
}
