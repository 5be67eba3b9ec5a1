import type { Hono } from "hono";
import { endpoints } from "../../contract/api/index.ts";
import { ENTRIES_MAX_TIED_ROWS } from "../../contract/constants.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import type { SessionVariables } from "../http/require-user.ts";
import { route } from "../http/route.ts";
import { deleteInboxEntry, inboxEntryOf, ownedInbox } from "../storage/inboxes.ts";
import { toEntryModel } from "../storage/mappers.ts";
import { toIso } from "../storage/time.ts";
import { ok } from "./context.ts";

const DEFAULT_LIMIT = 20;

/** `entries/inbox`: an inbox's timeline, one of its entries, and deleting one (owner only). */
export function registerInboxEntryRoutes(
  app: Hono<{ Variables: SessionVariables }>,
  database: DatabaseHandle,
) {
  const { listEntries, getEntry, removeEntry } = endpoints.inboxes;

  route(app, listEntries, async ({ request }, c) => {
    const userId = c.get("userId");
    const inbox = await ownedInbox(database, userId, request.inboxId);
    let query = database.db
      .selectFrom("entry")
      .leftJoin("unread", (join) =>
        join.onRef("unread.entry_id", "=", "entry.id").on("unread.user_id", "=", userId),
      )
      .selectAll("entry")
      .select("unread.entry_id as unread_id")
      .where("entry.feed_id", "=", inbox.feed_id);
    if (request.read === false) query = query.where("unread.entry_id", "is not", null);
    if (request.read === true) query = query.where("unread.entry_id", "is", null);
    const cursor = toIso(request.publishedAfter);
    const afterId = request.publishedAfterId;
    if (cursor && afterId) {
      // Keyset: on inside the run at the cursor's time, past the cursor's id.
      query = query
        .where("entry.published_at", "<=", cursor)
        .where((eb) =>
          eb.or([eb("entry.published_at", "<", cursor), eb("entry.id", "<", afterId)]),
        );
    } else if (cursor) query = query.where("entry.published_at", "<", cursor);
    const limit = request.limit ?? DEFAULT_LIMIT;
    const newestFirst = (q: typeof query) =>
      q.orderBy("entry.published_at", "desc").orderBy("entry.id", "desc");
    // One row more than asked tells whether the page ends inside a run of equal publish times:
    // the next page starts strictly before the last one's, so the run must end this page.
    const rows = await newestFirst(query)
      .limit(limit + 1)
      .execute();
    const next = rows.length > limit ? rows.pop() : undefined;
    const last = rows.at(-1);
    if (next && last && next.published_at === last.published_at) {
      const tied = await newestFirst(
        query.where("entry.published_at", "=", last.published_at).where("entry.id", "<", last.id),
      )
        .limit(ENTRIES_MAX_TIED_ROWS)
        .execute();
      rows.push(...tied);
    }
    const total = await database.db
      .selectFrom("entry")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("feed_id", "=", inbox.feed_id)
      .executeTakeFirst();
    const feeds = { type: "inbox" as const, id: inbox.id, title: inbox.title };
    return {
      code: 0 as const,
      data: rows.map((row) => ({
        entries: toEntryModel(row, Boolean(request.withContent)),
        feeds,
        read: row.unread_id === null,
        view: 0,
      })),
      total: Number(total?.n ?? 0),
    };
  });

  route(app, getEntry, async ({ request: { id } }, c) => {
    const userId = c.get("userId");
    const row = await inboxEntryOf(database, userId, id);
    if (!row) throw new ApiError(3000);
    const unread = await database.db
      .selectFrom("unread")
      .select("entry_id")
      .where("user_id", "=", userId)
      .where("entry_id", "=", id)
      .executeTakeFirst();
    return {
      code: 0 as const,
      data: {
        entries: toEntryModel(row, true),
        feeds: { type: "inbox" as const, id: row.handle, title: row.inbox_title },
        read: !unread,
        view: 0,
      },
    };
  });

  route(app, removeEntry, async ({ request: { entryId } }, c) => {
    if (!(await inboxEntryOf(database, c.get("userId"), entryId))) throw new ApiError(3000);
    await deleteInboxEntry(database, entryId);
    return ok;
  });
}
