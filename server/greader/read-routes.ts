import type { Context, Hono } from "hono";
import type { EntryListItem } from "../../contract/reading-models.ts";
import type { ServerConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { exportOpml } from "../opml/export.ts";
import { entryTagNames, listEntryTags } from "../storage/entry-tags.ts";
import { unreadCounts } from "../storage/reads.ts";
import { listSubscriptions } from "../storage/subscriptions.ts";
import { atomOf } from "./atom.ts";
import { actionToken, type ReaderVariables } from "./auth.ts";
import { type Fields, numberField, readFields, refuseNul } from "./form.ts";
import { parseItemId } from "./item-ids.ts";
import { toItemRef, toReaderItem } from "./items.ts";
import { itemsByIds } from "./items-by-ids.ts";
import { readStream, type StreamAsk } from "./stream-query.ts";
import { LABEL, STATE } from "./streams.ts";
import { labelsOf, type ReaderSubscription, readerSubscriptions } from "./subscriptions.ts";

type ReaderContext = Context<{ Variables: ReaderVariables }>;

/** n: how many items a page may hold. */
const MAX_CONTENTS = 1000;
const MAX_IDS = 10_000;

function askOf(
  fields: Fields,
  streamId: string | undefined,
  max: number,
  fallback: number,
): StreamAsk {
  const n = numberField(fields, "n");
  return {
    streamId,
    count: Math.max(0, Math.min(max, Math.trunc(n ?? fallback))),
    oldestFirst: fields.get("r") === "o",
    since: numberField(fields, "ot"),
    until: numberField(fields, "nt"),
    exclude: fields.all("xt"),
    include: fields.all("it"),
    continuation: fields.get("c"),
  };
}

/** The stream id after a path prefix: clients send it percent-encoded, slashes and all. */
function streamIdAfter(c: Context, prefix: string): string | undefined {
  const path = new URL(c.req.url).pathname;
  const at = path.indexOf(prefix);
  if (at < 0) return undefined;
  const raw = path.slice(at + prefix.length);
  if (!raw) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(raw);
  } catch {
    id = raw;
  }
  return refuseNul(id);
}

export function registerReadRoutes(
  app: Hono<{ Variables: ReaderVariables }>,
  database: DatabaseHandle,
  config: Pick<ServerConfig, "publicUrl">,
) {
  app.get("/reader/api/0/token", (c: ReaderContext) => c.text(`${actionToken(c.get("secret"))}\n`));

  app.get("/reader/api/0/user-info", async (c: ReaderContext) => {
    const user = await database.db
      .selectFrom("user")
      .select(["id", "name", "email", "createdAt"])
      .where("id", "=", c.get("userId"))
      .executeTakeFirstOrThrow();
    return c.json({
      userId: user.id,
      userName: user.name,
      userProfileId: user.id,
      userEmail: user.email,
      isBloggerUser: false,
      signupTimeSec: Math.floor(new Date(user.createdAt).getTime() / 1000),
      isMultiLoginEnabled: false,
    });
  });

  app.get("/reader/api/0/subscription/list", async (c: ReaderContext) => {
    const subscriptions = await readerSubscriptions(database, c.get("userId"));
    return c.json({
      subscriptions: subscriptions.map((s) => ({
        id: s.streamId,
        title: s.title,
        categories: s.category ? [{ id: `${LABEL}${s.category}`, label: s.category }] : [],
        url: s.url,
        htmlUrl: s.htmlUrl,
        iconUrl: s.iconUrl,
        firstitemmsec: "0",
        sortid: s.id.slice(-8),
      })),
    });
  });

  app.get("/reader/api/0/subscription/export", async (c: ReaderContext) => {
    const rows = await listSubscriptions(database, c.get("userId"));
    const opml = exportOpml(rows, {
      folderMode: "category",
      feedRouteBase: undefined,
      now: new Date(),
    });
    return c.body(opml, 200, {
      "content-type": "text/x-opml; charset=utf-8",
      "content-disposition": 'attachment; filename="follow.opml"',
    });
  });

  app.get("/reader/api/0/tag/list", async (c: ReaderContext) => {
    const userId = c.get("userId");
    const labels = labelsOf(await readerSubscriptions(database, userId));
    // The person's tags on entries are labels too (a name that is also a folder is listed once).
    const tags = (await entryTagNames(database, userId)).filter((tag) => !labels.includes(tag));
    return c.json({
      tags: [
        { id: `${STATE}starred` },
        ...labels.map((name) => ({ id: `${LABEL}${name}`, label: name, type: "folder" })),
        ...tags.map((name) => ({ id: `${LABEL}${name}`, label: name, type: "tag" })),
      ],
    });
  });

  app.get("/reader/api/0/unread-count", async (c: ReaderContext) => {
    const userId = c.get("userId");
    const subscriptions = await readerSubscriptions(database, userId);
    const counts = await unreadCounts(database, userId);
    const now = `${Date.now()}000`;
    const rows: { id: string; count: number; newestItemTimestampUsec: string }[] = [];
    const byLabel = new Map<string, number>();
    let total = 0;
    for (const s of subscriptions) {
      const count = counts[s.countKey] ?? 0;
      rows.push({ id: s.streamId, count, newestItemTimestampUsec: now });
      // The reading list is the web app's "all": feeds, without lists' or inboxes' copies.
      if (!s.listId && !s.inboxId) total += count;
      if (s.category) byLabel.set(s.category, (byLabel.get(s.category) ?? 0) + count);
    }
    for (const [name, count] of byLabel) {
      rows.push({ id: `${LABEL}${name}`, count, newestItemTimestampUsec: now });
    }
    rows.push({ id: `${STATE}reading-list`, count: total, newestItemTimestampUsec: now });
    return c.json({ max: total, unreadcounts: rows });
  });

  /** Items as clients read them, each with the person's tags on it as labels. */
  const readerItems = async (
    userId: string,
    items: readonly EntryListItem[],
    subscriptions: readonly ReaderSubscription[],
  ) => {
    const tags = await listEntryTags(database, userId, idsOf(items));
    return items.map((item) => toReaderItem(item, subscriptions, tags.get(item.entries.id)));
  };

  const contents = async (c: ReaderContext, streamId: string | undefined) => {
    const userId = c.get("userId");
    const fields = await readFields(c);
    const subscriptions = await readerSubscriptions(database, userId);
    const page = await readStream(database, userId, subscriptions, {
      ...askOf(fields, streamId ?? fields.get("s"), MAX_CONTENTS, 20),
    });
    return c.json({
      direction: "ltr",
      id: streamId ?? `${STATE}reading-list`,
      title: "Reading list",
      updated: Math.floor(Date.now() / 1000),
      items: await readerItems(userId, page.items, subscriptions),
      ...(page.continuation ? { continuation: page.continuation } : {}),
    });
  };
  app.get("/reader/api/0/stream/contents/*", (c: ReaderContext) =>
    contents(c, streamIdAfter(c, "/stream/contents/")),
  );
  app.get("/reader/api/0/stream/contents", (c: ReaderContext) => contents(c, undefined));

  app.get("/reader/api/0/stream/items/ids", async (c: ReaderContext) => {
    const userId = c.get("userId");
    const fields = await readFields(c);
    const subscriptions = await readerSubscriptions(database, userId);
    const page = await readStream(database, userId, subscriptions, {
      ...askOf(fields, fields.get("s"), MAX_IDS, 20),
      withContent: false,
    });
    return c.json({
      itemRefs: page.items.map(toItemRef),
      ...(page.continuation ? { continuation: page.continuation } : {}),
    });
  });

  const itemsContents = async (c: ReaderContext) => {
    const userId = c.get("userId");
    const fields = await readFields(c);
    const ids = [
      ...new Set(
        fields
          .all("i")
          .map(parseItemId)
          .filter((id): id is string => id !== undefined),
      ),
    ].slice(0, MAX_CONTENTS);
    const subscriptions = await readerSubscriptions(database, userId);
    const items = await itemsByIds(database, userId, ids);
    return c.json({
      direction: "ltr",
      id: `${STATE}reading-list`,
      title: "Reading list",
      updated: Math.floor(Date.now() / 1000),
      items: await readerItems(userId, items, subscriptions),
    });
  };
  app.post("/reader/api/0/stream/items/contents", itemsContents);
  app.get("/reader/api/0/stream/items/contents", itemsContents);

  app.get("/reader/atom/*", async (c: ReaderContext) => {
    const userId = c.get("userId");
    const fields = await readFields(c);
    const streamId = streamIdAfter(c, "/reader/atom/") ?? `${STATE}reading-list`;
    const subscriptions = await readerSubscriptions(database, userId);
    const page = await readStream(
      database,
      userId,
      subscriptions,
      askOf(fields, streamId, MAX_CONTENTS, 20),
    );
    const self = `${config.publicUrl ?? new URL(c.req.url).origin}/api/greader/reader/atom/${encodeURIComponent(streamId)}`;
    const tags = await listEntryTags(database, userId, idsOf(page.items));
    return c.body(atomOf(streamId, self, page, subscriptions, tags), 200, {
      "content-type": "application/atom+xml; charset=utf-8",
    });
  });
}

const idsOf = (items: readonly EntryListItem[]) => items.map((item) => item.entries.id);
