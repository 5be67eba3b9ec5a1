import { APIError, getSessionFromCtx } from "better-auth/api";
import { sql } from "kysely";
import type { DatabaseHandle } from "../db/connect.ts";

const PROFILE_PATHS = new Set(["/update-user", "/sign-up/email"]);
const CLEARABLE = ["handle", "bio", "website"] as const;

/** The answer when another user has the handle (any case); handles are public, so it may say so. */
export const HANDLE_TAKEN = "This handle is taken";

/**
 * Profile fields past their shape check (auth-input-rules.ts): an empty handle, bio or website
 * clears it (stored as null, so empty handles never collide), and a handle another user has in
 * any case is refused (the unique index on lower(handle) backs this up). Returns the body to
 * use, or undefined when the request is not a profile edit.
 */
export async function applyProfileRules(
  // biome-ignore lint/suspicious/noExplicitAny: better-auth's hook context is generic per endpoint.
  ctx: any,
  database: DatabaseHandle,
): Promise<Record<string, unknown> | undefined> {
  if (!PROFILE_PATHS.has(ctx.path)) return undefined;
  // In place: better-auth merges a hook's returned body with defu, which skips nulls.
  const body = ctx.body as Record<string, unknown>;
  for (const field of CLEARABLE) if (body[field] === "") body[field] = null;
  if (typeof body.handle === "string") {
    const session = ctx.path === "/update-user" ? await getSessionFromCtx(ctx) : null;
    const taken = await database.db
      .selectFrom("user")
      .select("id")
      .where(sql`lower(handle)`, "=", body.handle.toLowerCase())
      .executeTakeFirst();
    if (taken && taken.id !== session?.user.id) {
      throw new APIError("UNPROCESSABLE_ENTITY", { message: HANDLE_TAKEN, code: "HANDLE_TAKEN" });
    }
  }
  return body;
}
