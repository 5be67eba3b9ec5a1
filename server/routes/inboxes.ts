import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import type { InboxModel } from "../../contract/api/inboxes.ts";
import { endpoints } from "../../contract/api/index.ts";
import { checkTrialInboxQuota } from "../accounts/trial.ts";
import type { Auth } from "../auth.ts";
import type { ServerConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { InboxRow } from "../db/schema.ts";
import { ApiError } from "../http/api-error.ts";
import { passThrough, route } from "../http/route.ts";
import { sessionMemoFor } from "../http/session-memo.ts";
import { isContentHashName, readInboxFile } from "../inbox/files.ts";
import { receiveInboxMessage } from "../inbox/intake.ts";
import {
  createInbox,
  deleteInbox,
  findInbox,
  inboxesOf,
  inboxFileSeenBy,
  newSecret,
  ownedInbox,
  renameInbox,
} from "../storage/inboxes.ts";
import { ok, userRouter } from "./context.ts";

type InboxConfig = Pick<ServerConfig, "inboxes" | "publicUrl" | "apiBasePath">;

export function toInboxModel(row: InboxRow, config: InboxConfig): InboxModel {
  return {
    type: "inbox",
    id: row.id,
    title: row.title,
    secret: row.secret,
    email: config.inboxes.emailDomain ? `${row.id}@${config.inboxes.emailDomain}` : null,
    webhookUrl: `${config.publicUrl ?? ""}${config.apiBasePath}/inbox-webhooks/${row.id}`,
  };
}

/** Inboxes: only the owner reads or changes one (10003). */
export function inboxRoutes(
  auth: Auth,
  database: DatabaseHandle,
  config: InboxConfig & Pick<ServerConfig, "trialLimits">,
) {
  const app = userRouter(auth, database);
  const { create, update, remove, get, list } = endpoints.inboxes;

  route(app, create, async ({ request }, c) => {
    await checkTrialInboxQuota(database, config.trialLimits, c.get("userId"));
    return {
      code: 0 as const,
      data: toInboxModel(
        await createInbox(database, c.get("userId"), request, config.inboxes.perUser),
        config,
      ),
    };
  });

  route(app, update, async ({ request: { handle, title } }, c) => {
    await renameInbox(database, await ownedInbox(database, c.get("userId"), handle), title);
    return ok;
  });

  route(app, remove, async ({ request: { handle } }, c) => {
    await deleteInbox(database, await ownedInbox(database, c.get("userId"), handle));
    return ok;
  });

  route(app, get, async ({ request: { handle } }, c) => ({
    code: 0 as const,
    data: toInboxModel(await ownedInbox(database, c.get("userId"), handle), config),
  }));

  route(app, list, async (_input, c) => ({
    code: 0 as const,
    data: (await inboxesOf(database, c.get("userId"))).map((row) => toInboxModel(row, config)),
  }));

  return app;
}

/**
 * Webhook intake: other programs post an entry with the inbox's secret (header
 * `x-inbox-secret`, or `?secret=`). No session: the secret is the permission. A handle nobody
 * holds gets the wrong-secret answer after the same comparison, so posting tells nothing about
 * which handles exist.
 */
export function inboxWebhookRoutes(database: DatabaseHandle) {
  const app = new Hono();
  const noSuchInbox = newSecret();
  route(app, endpoints.inboxes.webhook, async ({ params: { handle }, request }, c) => {
    const inbox = await findInbox(database, handle);
    const given = c.req.header("x-inbox-secret") ?? c.req.query("secret") ?? "";
    const matches = sameSecret(given, inbox?.secret ?? noSuchInbox);
    if (!inbox || !matches) throw new ApiError(10003, "Wrong inbox secret");
    const entryId = await receiveInboxMessage(database, handle, {
      guid: request.guid ?? null,
      title: request.title ?? null,
      html: request.content ?? null,
      url: request.url ?? null,
      author: request.author ?? null,
      publishedAt: validDate(request.publishedAt),
      media: request.media ?? [],
    });
    return { code: 0 as const, data: { entryId } };
  });
  return app;
}

function sameSecret(given: string, secret: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

function validDate(value: string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Files that came with inbox mail, by their random name (see server/inbox/files.ts): the name is
 * the permission, so a mail's images show wherever its entry does. Files stored under the hash
 * of their bytes, a name anyone with the file can work out, go only to the signed-in owner of an
 * inbox entry that links them; everyone else gets the answer for a missing file.
 */
export function inboxFileRoutes(auth: Auth, database: DatabaseHandle, dataDir: string) {
  const app = new Hono();
  const sessions = sessionMemoFor(auth, database);
  passThrough(app, endpoints.inboxes.file, async (c) => {
    const name = c.req.param("name") ?? "";
    const missing = new ApiError(14000, "No such file", 404);
    if (isContentHashName(name)) {
      const session = await sessions.resolve(c.req.raw.headers);
      if (!session || !(await inboxFileSeenBy(database, session.userId, name))) throw missing;
    }
    const found = await readInboxFile(dataDir, name);
    if (!found) throw missing;
    return new Response(new Uint8Array(found.body), {
      headers: {
        "content-type": found.type,
        "x-content-type-options": "nosniff",
        "cache-control": "private, max-age=31536000, immutable",
        "content-security-policy": "default-src 'none'; sandbox",
        ...(found.download ? { "content-disposition": "attachment" } : {}),
      },
    });
  });
  return app;
}
