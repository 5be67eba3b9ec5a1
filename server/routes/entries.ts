import { endpoints } from "../../contract/api/index.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { route } from "../http/route.ts";
import type { Readability } from "../jobs/readability.ts";
import { rewrittenFor } from "../storage/actions.ts";
import { findVisibleEntry, listEntries } from "../storage/entry-queries.ts";
import { findList } from "../storage/lists.ts";
import { toEntryModel, toFeedModel } from "../storage/mappers.ts";
import { newestInsertedEntry } from "../storage/newest-inserted.ts";
import { readHistory } from "../storage/reads.ts";
import { toIso } from "../storage/time.ts";
import { userRouter } from "./context.ts";
import { hideFeedSecrets } from "./feed-url-privacy.ts";
import { registerInboxEntryRoutes } from "./inbox-entries.ts";

export function entryRoutes(auth: Auth, database: DatabaseHandle, readability: Readability) {
  const app = userRouter(auth, database);
  const entries = endpoints.entries;

  route(app, entries.list, async ({ request: filter }, c) => {
    const userId = c.get("userId");
    if (filter.listId) {
      // A list's timeline: anyone signed in may preview it, in the list's view.
      const list = await findList(database.db, filter.listId);
      if (!list) throw new ApiError(8000);
      const items = await listEntries(database, userId, filter);
      const data = await hideFeedSecrets(
        database,
        userId,
        items.map((item) => ({ ...item, view: list.view })),
      );
      return { code: 0 as const, data };
    }
    const items = await listEntries(database, userId, filter);
    // Timelines hold subscribed feeds only; stars may outlive a subscription.
    const data = filter.isCollection ? await hideFeedSecrets(database, userId, items) : items;
    return { code: 0 as const, data };
  });

  // Newer entries for the open timeline: the newest one stored after the time given.
  route(app, entries.checkNew, async ({ request: query }, c) => {
    const since = toIso(
      /^\d+$/.test(query.insertedAfter) ? Number(query.insertedAfter) : query.insertedAfter,
    );
    if (!since) throw new ApiError(1002);
    const feedIdList = query.feedIdList?.split(",").filter((id) => id.length > 0);
    const filter = {
      ...(query.view !== undefined ? { view: query.view } : {}),
      ...(query.feedId ? { feedId: query.feedId } : {}),
      ...(feedIdList ? { feedIdList } : {}),
      ...(query.read !== undefined ? { read: query.read === "true" } : {}),
    };
    const newest = await newestInsertedEntry(database, c.get("userId"), filter, since);
    return {
      code: 0 as const,
      data: newest
        ? { has_new: true, entry_id: newest.id, lastest_at: newest.insertedAt }
        : { has_new: false },
    };
  });

  route(app, entries.get, async ({ request: { id } }, c) => {
    const userId = c.get("userId");
    const found = await findVisibleEntry(database, userId, id);
    if (!found) throw new ApiError(3000);
    const entry = await rewrittenFor(database, userId, found.entry);
    const [data] = await hideFeedSecrets(database, userId, [
      { entries: toEntryModel(entry, true), feeds: toFeedModel(found.feed) },
    ]);
    return { code: 0 as const, data: data! };
  });

  // Content for entries the client has only in list form, one JSON object per line.
  route(app, entries.stream, async ({ request: { ids } }, c) => {
    const userId = c.get("userId");
    const lines: { id: string; content: string | null }[] = [];
    for (const id of new Set(ids)) {
      const found = await findVisibleEntry(database, userId, id);
      if (found) {
        const entry = await rewrittenFor(database, userId, found.entry);
        lines.push({ id, content: entry.content });
      }
    }
    return lines;
  });

  route(app, entries.readability, async ({ request: { id } }, c) => {
    const found = await findVisibleEntry(database, c.get("userId"), id);
    if (!found) throw new ApiError(3000);
    const result = await readability.read(found.entry);
    if ("pageStatus" in result) {
      throw new ApiError(
        2003,
        `The original page answered HTTP ${result.pageStatus}; the feed's own text is kept`,
        502,
      );
    }
    return { code: 0 as const, data: result.content === null ? null : { content: result.content } };
  });

  route(app, entries.readHistories, async ({ params: { id }, request: { size } }, c) => {
    if (!(await findVisibleEntry(database, c.get("userId"), id))) throw new ApiError(3000);
    const { users, total } = await readHistory(database, id, size ?? 20);
    return {
      code: 0 as const,
      data: {
        users: Object.fromEntries(users.map((u) => [u.id, u])),
        total,
        entryReadHistories: { userIds: users.map((u) => u.id), readCount: total },
      },
    };
  });
  registerInboxEntryRoutes(app, database);
  return app;
}
