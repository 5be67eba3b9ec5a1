import { randomBytes } from "node:crypto";
import { reservedHandleReason } from "../../contract/api/inboxes.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { InboxRow } from "../db/schema.ts";
import { StorageRefusal } from "./errors.ts";
import { nextEntityId } from "./ids.ts";
import { nowIso } from "./time.ts";

/** An inbox's feed is never fetched: its next check lies beyond any clock. */
const NEVER = "9999-12-31T00:00:00.000Z";

export function inboxFeedUrl(handle: string): string {
  return `inbox://${handle}`;
}

export function newSecret(): string {
  return randomBytes(24).toString("base64url");
}

/** A title as stored: trimmed, without NUL (PostgreSQL text refuses it), null when empty. */
function inboxTitle(title: string | null | undefined): string | null {
  return title?.replaceAll("\u0000", "").trim() || null;
}

export function findInbox(database: DatabaseHandle, handle: string) {
  return database.db.selectFrom("inbox").selectAll().where("id", "=", handle).executeTakeFirst();
}

/** The inbox, if `userId` owns it: 10000 when there is none, 10003 when it is someone else's. */
export async function ownedInbox(
  database: DatabaseHandle,
  userId: string,
  handle: string,
): Promise<InboxRow> {
  const inbox = await findInbox(database, handle);
  if (!inbox) throw new StorageRefusal(10000);
  if (inbox.owner_user_id !== userId) throw new StorageRefusal(10003);
  return inbox;
}

export function inboxesOf(database: DatabaseHandle, userId: string) {
  return database.db
    .selectFrom("inbox")
    .selectAll()
    .where("owner_user_id", "=", userId)
    .orderBy("created_at")
    .execute();
}

export async function createInbox(
  database: DatabaseHandle,
  userId: string,
  input: { handle: string; title?: string | null | undefined },
  limit: number,
): Promise<InboxRow> {
  const reserved = reservedHandleReason(input.handle);
  if (reserved) throw new StorageRefusal(1002, reserved);
  const title = inboxTitle(input.title);
  return database.db.transaction().execute(async (trx) => {
    const held = await trx
      .selectFrom("inbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("owner_user_id", "=", userId)
      .executeTakeFirst();
    if (Number(held?.n ?? 0) >= limit) throw new StorageRefusal(10002, `At most ${limit} inboxes`);
    const taken = await trx
      .selectFrom("inbox")
      .select("id")
      .where("id", "=", input.handle)
      .executeTakeFirst();
    const feedTaken = await trx
      .selectFrom("feed")
      .select("id")
      .where("url", "=", inboxFeedUrl(input.handle))
      .executeTakeFirst();
    if (taken || feedTaken) throw new StorageRefusal(10001);
    const now = nowIso();
    const feedId = nextEntityId();
    await trx
      .insertInto("feed")
      .values({
        id: feedId,
        url: inboxFeedUrl(input.handle),
        title: title ?? input.handle,
        description: null,
        image: null,
        site_url: null,
        language: null,
        owner_user_id: userId,
        error_at: null,
        error_message: null,
        failure_count: 0,
        etag: null,
        last_modified: null,
        body_hash: null,
        checked_at: null,
        next_check_at: NEVER,
        lease_owner: null,
        lease_until: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const row: InboxRow = {
      id: input.handle,
      owner_user_id: userId,
      feed_id: feedId,
      title,
      secret: newSecret(),
      created_at: now,
    };
    await trx.insertInto("inbox").values(row).execute();
    return row;
  });
}

export async function renameInbox(
  database: DatabaseHandle,
  inbox: InboxRow,
  newTitle: string | null,
) {
  const title = inboxTitle(newTitle);
  await database.db.transaction().execute(async (trx) => {
    await trx.updateTable("inbox").set({ title }).where("id", "=", inbox.id).execute();
    await trx
      .updateTable("feed")
      .set({ title: title ?? inbox.id, updated_at: nowIso() })
      .where("id", "=", inbox.feed_id)
      .execute();
  });
}

/** Deletes an inbox with its entries (the feed row's cascade takes entries and their marks). */
export async function deleteInbox(database: DatabaseHandle, inbox: InboxRow) {
  await database.db.transaction().execute(async (trx) => {
    const entryIds = trx.selectFrom("entry").select("id").where("feed_id", "=", inbox.feed_id);
    await trx.deleteFrom("unread").where("feed_id", "=", inbox.feed_id).execute();
    await trx.deleteFrom("collection").where("entry_id", "in", entryIds).execute();
    await trx.deleteFrom("read_history").where("entry_id", "in", entryIds).execute();
    await trx.deleteFrom("readability_cache").where("entry_id", "in", entryIds).execute();
    await trx.deleteFrom("entry").where("feed_id", "=", inbox.feed_id).execute();
    await trx.deleteFrom("inbox").where("id", "=", inbox.id).execute();
    await trx.deleteFrom("feed").where("id", "=", inbox.feed_id).execute();
  });
}

/** The inbox an entry belongs to, when `userId` owns it. */
export async function inboxEntryOf(database: DatabaseHandle, userId: string, entryId: string) {
  return database.db
    .selectFrom("entry")
    .innerJoin("inbox", "inbox.feed_id", "entry.feed_id")
    .selectAll("entry")
    .select(["inbox.id as handle", "inbox.title as inbox_title", "inbox.owner_user_id"])
    .where("entry.id", "=", entryId)
    .where("inbox.owner_user_id", "=", userId)
    .executeTakeFirst();
}

export async function deleteInboxEntry(database: DatabaseHandle, entryId: string) {
  await database.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("unread").where("entry_id", "=", entryId).execute();
    await trx.deleteFrom("collection").where("entry_id", "=", entryId).execute();
    await trx.deleteFrom("read_history").where("entry_id", "=", entryId).execute();
    await trx.deleteFrom("readability_cache").where("entry_id", "=", entryId).execute();
    await trx.deleteFrom("entry").where("id", "=", entryId).execute();
  });
}

/**
 * Whether one of `userId`'s inbox entries links the inbox file `name` (a name of our own alphabet,
 * without LIKE wildcards).
 */
export async function inboxFileSeenBy(
  database: DatabaseHandle,
  userId: string,
  name: string,
): Promise<boolean> {
  const found = await database.db
    .selectFrom("entry")
    .innerJoin("inbox", "inbox.feed_id", "entry.feed_id")
    .select("entry.id")
    .where("inbox.owner_user_id", "=", userId)
    .where("entry.attachments", "like", `%/inbox-files/${name}"%`)
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}
