import type { EntryListItem } from "../../contract/reading-models.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { feedUrlHasSecret } from "../feed-url-secrets.ts";
import { hideFeedSecrets } from "../routes/feed-url-privacy.ts";
import { feedOfColumns } from "../storage/entry-queries.ts";
import { feedOpenTo } from "../storage/feed-access.ts";
import { toEntryModel, toFeedModel } from "../storage/mappers.ts";
import { toIso } from "../storage/time.ts";
import { clampTimeMs, decodeCursor, encodeCursor } from "./stream-cursor.ts";
import type { StreamAsk, StreamPage } from "./stream-query.ts";
import { isState } from "./streams.ts";

/** The entry columns a list item carries (`content` only when asked). */
const ENTRY_COLUMNS = [
  "entry.id",
  "entry.feed_id",
  "entry.guid",
  "entry.title",
  "entry.url",
  "entry.description",
  "entry.author",
  "entry.author_url",
  "entry.author_avatar",
  "entry.language",
  "entry.categories",
  "entry.media",
  "entry.attachments",
  "entry.extra",
  "entry.published_at",
  "entry.inserted_at",
] as const;

/** ot/nt (seconds) as a stored time. */
const boundOf = (seconds: number | undefined) =>
  seconds === undefined ? undefined : toIso(clampTimeMs(seconds * 1000));

/**
 * The stream of the person's own tag on entries (`user/-/label/<tag>`): the tagged entries
 * they can see (findVisibleEntry's rule, as SQL), with the same n, continuation, r=o, ot/nt
 * and xt/it rules as a feed's stream. Order, cursor and filters run in the database, which
 * reads one page of n (and one more row, to know whether a next page exists).
 */
export async function readTagStream(
  database: DatabaseHandle,
  userId: string,
  tag: string,
  ask: StreamAsk,
): Promise<StreamPage> {
  const withContent = ask.withContent ?? true;
  const beyond = ask.oldestFirst ? ">" : "<";
  const within = ask.oldestFirst ? ">=" : "<=";
  const direction = ask.oldestFirst ? "asc" : "desc";
  const since = boundOf(ask.since);
  const until = boundOf(ask.until);
  const db = database.db;
  const base = db
    .selectFrom("entry_tag")
    .innerJoin("entry", "entry.id", "entry_tag.entry_id")
    .innerJoin("feed", "feed.id", "entry.feed_id")
    .leftJoin("subscription", (join) =>
      join
        .onRef("subscription.feed_id", "=", "entry.feed_id")
        .on("subscription.user_id", "=", userId),
    )
    .leftJoin("unread", (join) =>
      join.onRef("unread.entry_id", "=", "entry.id").on("unread.user_id", "=", userId),
    )
    .leftJoin("collection", (join) =>
      join.onRef("collection.entry_id", "=", "entry.id").on("collection.user_id", "=", userId),
    )
    .select(ENTRY_COLUMNS)
    .$if(withContent, (q) => q.select("entry.content"))
    .select([
      "feed.url as f_url",
      "feed.title as f_title",
      "feed.description as f_description",
      "feed.image as f_image",
      "feed.site_url as f_site_url",
      "feed.owner_user_id as f_owner_user_id",
      "feed.error_at as f_error_at",
      "feed.error_message as f_error_message",
      "feed.language as f_language",
      "subscription.feed_id as subscribed",
      "unread.entry_id as unread_id",
      "collection.created_at as starred_at",
    ])
    .where("entry_tag.user_id", "=", userId)
    .where("entry_tag.tag", "=", tag)
    // Never someone else's inbox; then the person's own feed, a subscription, a star, or a
    // followed list holding the feed (a secret-URL feed through a list alone is dropped below).
    .where(feedOpenTo(userId))
    .where((eb) =>
      eb.or([
        eb("feed.owner_user_id", "=", userId),
        eb("subscription.feed_id", "is not", null),
        eb("collection.entry_id", "is not", null),
        eb.exists(
          eb
            .selectFrom("list_subscription")
            .innerJoin("list_feed", "list_feed.list_id", "list_subscription.list_id")
            .select("list_feed.feed_id")
            .where("list_subscription.user_id", "=", userId)
            .whereRef("list_feed.feed_id", "=", "entry.feed_id"),
        ),
      ]),
    )
    .$if(since !== undefined, (q) => q.where("entry.published_at", ">=", since!))
    .$if(until !== undefined, (q) => q.where("entry.published_at", "<", until!))
    .$if(
      ask.exclude.some((id) => isState(id, "read")),
      (q) => q.where("unread.entry_id", "is not", null),
    )
    .$if(
      ask.include.some((id) => isState(id, "read")),
      (q) => q.where("unread.entry_id", "is", null),
    )
    .$if(
      ask.include.some((id) => isState(id, "starred")),
      (q) => q.where("collection.entry_id", "is not", null),
    )
    .$if(
      ask.exclude.some((id) => isState(id, "starred")),
      (q) => q.where("collection.entry_id", "is", null),
    )
    .orderBy("entry.published_at", direction)
    .orderBy("entry.id", direction);

  type Row = Awaited<ReturnType<typeof base.execute>>[number];
  // Keyset paging: past the cursor's time, or at it and past its id.
  const pageAfter = (at: string | undefined, id: string | undefined, limit: number) =>
    (at && id
      ? base
          .where("entry.published_at", within, at)
          .where((eb) => eb.or([eb("entry.published_at", beyond, at), eb("entry.id", beyond, id)]))
      : base
    )
      .limit(limit)
      .execute();
  const visible = (row: Row) =>
    row.f_owner_user_id === userId ||
    row.subscribed !== null ||
    row.starred_at !== null ||
    !feedUrlHasSecret(row.f_url);

  const cursor = decodeCursor(ask.continuation);
  let at = cursor ? toIso(cursor.at) : undefined;
  let id = cursor?.id;
  const kept: Row[] = [];
  // One row past the page tells whether another follows; rows dropped above read on.
  while (kept.length <= ask.count) {
    const want = ask.count + 1 - kept.length;
    const rows = await pageAfter(at, id, want);
    kept.push(...rows.filter(visible));
    const last = rows.at(-1);
    if (rows.length < want || !last) break;
    at = last.published_at;
    id = last.id;
  }
  const items = kept.slice(0, ask.count).map(
    (row) =>
      ({
        entries: toEntryModel(row, withContent),
        feeds: toFeedModel(feedOfColumns(row, row.feed_id)),
        read: row.unread_id === null,
        view: 0,
        ...(row.starred_at ? { collections: { createdAt: row.starred_at } } : {}),
      }) as EntryListItem,
  );
  const page = await hideFeedSecrets(database, userId, items);
  const last = page.at(-1);
  return kept.length > page.length && last
    ? { items: page, continuation: encodeCursor(last) }
    : { items: page };
}
