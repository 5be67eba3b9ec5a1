import { Schema } from "effect";
import { InboxModel } from "../entities/inbox.ts";
import { EntityId, TimeBound } from "../reading.ts";
import { EntryModel } from "../reading-models.ts";
import { Envelope, endpoint, Ok } from "./endpoint.ts";
import { routes } from "./info.ts";

/**
 * Inboxes: a feed fed by e-mail (`<handle>@<domain>`) or a webhook instead of fetching. The
 * handle is the inbox's id; its secret authorizes the webhook.
 */
const Text = (max: number) => Schema.String.check(Schema.isMaxLength(max));
/** Handles are the local part of an address: letters, digits, dot, dash, underscore. */
export const HANDLE_PATTERN = /^[a-z0-9](?:[a-z0-9._-]{1,30}[a-z0-9])$/;
export const Handle = Schema.String.check(
  Schema.makeFilter(
    (value) =>
      HANDLE_PATTERN.test(value) ||
      "a handle is 3-32 lower-case letters, digits, '.', '-' or '_', starting and ending with a letter or digit",
  ),
);

/**
 * Local parts that mail software, people and certificate authorities expect to reach the
 * server's operators (RFC 2142 role mailboxes, RFC 5321's postmaster, system accounts), or that
 * look like the service itself speaking. Nobody may claim one as an inbox: mail sent there is not for a user.
 * Compared without '.', '-' and '_' so `no-reply`, `no.reply` and `noreply` are one name.
 */
const RESERVED_HANDLES = new Set(
  [
    // RFC 2142 role mailboxes, and RFC 5321's postmaster
    "postmaster",
    "abuse",
    "noc",
    "security",
    "hostmaster",
    "webmaster",
    "usenet",
    "news",
    "www",
    "uucp",
    "ftp",
    "info",
    "marketing",
    "sales",
    "support",
    // Addresses certificate authorities mail to prove control of a domain
    "admin",
    "administrator",
    "ssladmin",
    "ssladministrator",
    "sslwebmaster",
    // System accounts and mail plumbing
    "root",
    "sysadmin",
    "system",
    "daemon",
    "mailer-daemon",
    "nobody",
    "operator",
    "listmaster",
    "majordomo",
    "bounce",
    "bounces",
    // The server speaking
    "no-reply",
    "noreply",
    "do-not-reply",
    "donotreply",
  ].map((name) => name.replace(/[._-]/g, "")),
);

/** Why a handle may not be claimed, or undefined when it may (case and separators ignored). */
export function reservedHandleReason(handle: string): string | undefined {
  const bare = handle.toLowerCase().replace(/[._-]/g, "");
  return RESERVED_HANDLES.has(bare)
    ? `"${handle}" is reserved for the server's own mail (postmaster, abuse, no-reply and the like); choose another handle`
    : undefined;
}

/** A handle someone may take for a new inbox: well formed and not a reserved mailbox name. */
export const NewHandle = Handle.check(
  Schema.makeFilter((value) => reservedHandleReason(value) ?? true),
);

export { InboxModel };

export const create = endpoint(routes.inboxes.create, {
  request: Schema.Struct({ handle: NewHandle, title: Schema.optional(Schema.NullOr(Text(200))) }),
  response: Envelope(InboxModel),
});

export const update = endpoint(routes.inboxes.update, {
  request: Schema.Struct({ handle: Handle, title: Schema.NullOr(Text(200)) }),
  response: Ok,
});

export const remove = endpoint(routes.inboxes.remove, {
  request: Schema.Struct({ handle: Handle }),
  response: Ok,
});

export const get = endpoint(routes.inboxes.get, {
  request: Schema.Struct({ handle: Handle }),
  response: Envelope(InboxModel),
});

export const list = endpoint(routes.inboxes.list, {
  request: Schema.Struct({}),
  response: Envelope(Schema.Array(InboxModel)),
});

/** An inbox entry in list form: the entry and the inbox it came to. */
export const InboxEntryItem = Schema.Struct({
  entries: EntryModel,
  feeds: Schema.Struct({
    type: Schema.Literal("inbox"),
    id: Schema.String,
    title: Schema.NullOr(Schema.String),
  }),
  read: Schema.Boolean,
  view: Schema.Number,
});
export type InboxEntryItem = typeof InboxEntryItem.Type;

export const listEntries = endpoint(routes.inboxes.listEntries, {
  request: Schema.Struct({
    inboxId: Handle,
    read: Schema.optional(Schema.Boolean),
    limit: Schema.optional(
      Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 100 })),
    ),
    publishedAfter: Schema.optional(TimeBound),
    /** Keyset within a run of entries sharing a publish time (see ENTRIES_MAX_TIED_ROWS, contract/constants.ts). */
    publishedAfterId: Schema.optional(EntityId),
    withContent: Schema.optional(Schema.Boolean),
  }),
  response: Schema.Struct({
    code: Schema.Literal(0),
    data: Schema.Array(InboxEntryItem),
    total: Schema.Number,
  }),
});

export const getEntry = endpoint(routes.inboxes.getEntry, {
  request: Schema.Struct({ id: EntityId }),
  response: Envelope(InboxEntryItem),
});

export const removeEntry = endpoint(routes.inboxes.removeEntry, {
  request: Schema.Struct({ entryId: EntityId }),
  response: Ok,
});

/** What a webhook posts: one entry. */
export const WebhookEntry = Schema.Struct({
  title: Schema.optional(Schema.NullOr(Text(1000))),
  content: Schema.optional(Schema.NullOr(Text(500_000))),
  url: Schema.optional(Schema.NullOr(Text(2048))),
  author: Schema.optional(Schema.NullOr(Text(300))),
  guid: Schema.optional(Schema.NullOr(Text(500))),
  publishedAt: Schema.optional(Schema.NullOr(TimeBound)),
  media: Schema.optional(
    Schema.Array(
      Schema.Struct({ type: Schema.Literals(["photo", "video"]), url: Text(2048) }),
    ).check(Schema.isMaxLength(20)),
  ),
});
export type WebhookEntry = typeof WebhookEntry.Type;

export const webhook = endpoint(routes.inboxes.webhook, {
  params: Schema.Struct({ handle: Handle }),
  request: WebhookEntry,
  response: Envelope(Schema.Struct({ entryId: Schema.String })),
});

/** The bytes of a file that came with inbox mail (served as-is; the answer is not JSON). */
export const file = endpoint(routes.inboxes.file, {
  params: Schema.Struct({ name: Text(80) }),
  request: Schema.Struct({}),
  response: Schema.Unknown,
});
