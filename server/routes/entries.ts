import { Schema } from "effect";
import { EntityId, EntriesRequest, EntryIdsRequest } from "../../contract/reading.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { decodeOrThrow, readJsonBody, readQuery } from "../http/body.ts";
import type { Readability } from "../jobs/readability.ts";
import { findVisibleEntry, listEntries } from "../storage/entry-queries.ts";
import { toEntryModel, toFeedModel } from "../storage/mappers.ts";
import { readHistory } from "../storage/reads.ts";
import { userRouter } from "./context.ts";
import { hideFeedSecrets } from "./feed-url-privacy.ts";

const IdQuery = Schema.Struct({ id: EntityId });
const SizeQuery = Schema.Struct({
  size: Schema.optional(
    Schema.NumberFromString.pipe(
      Schema.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 100 })),
    ),
  ),
});

export function entryRoutes(auth: Auth, database: DatabaseHandle, readability: Readability) {
  const app = userRouter(auth, database);

  app.post("/", async (c) => {
    const filter = await readJsonBody(c, EntriesRequest);
    const userId = c.get("userId");
    const items = await listEntries(database, userId, filter);
    // Timelines hold subscribed feeds only; stars may outlive a subscription.
    const data = filter.isCollection ? await hideFeedSecrets(database, userId, items) : items;
    return c.json({ code: 0, data });
  });

  app.get("/", async (c) => {
    const { id } = readQuery(c, IdQuery);
    const userId = c.get("userId");
    const found = await findVisibleEntry(database, userId, id);
    if (!found) throw new ApiError(3000);
    const [data] = await hideFeedSecrets(database, userId, [
      { entries: toEntryModel(found.entry, true), feeds: toFeedModel(found.feed) },
    ]);
    return c.json({ code: 0, data });
  });

  // Content for entries the client has only in list form, one JSON object per line.
  app.post("/stream", async (c) => {
    const { ids } = await readJsonBody(c, EntryIdsRequest);
    const userId = c.get("userId");
    const lines: string[] = [];
    for (const id of new Set(ids)) {
      const found = await findVisibleEntry(database, userId, id);
      if (found) lines.push(JSON.stringify({ id, content: found.entry.content }));
    }
    return new Response(lines.length ? `${lines.join("\n")}\n` : "", {
      headers: { "content-type": "application/x-ndjson; charset=utf-8" },
    });
  });

  app.get("/readability", async (c) => {
    const { id } = readQuery(c, IdQuery);
    const found = await findVisibleEntry(database, c.get("userId"), id);
    if (!found) throw new ApiError(3000);
    const content = await readability.contentFor(found.entry);
    return c.json({ code: 0, data: content === null ? null : { content } });
  });

  app.get("/read-histories/:id", async (c) => {
    const id = decodeOrThrow(EntityId, c.req.param("id"));
    const { size } = readQuery(c, SizeQuery);
    if (!(await findVisibleEntry(database, c.get("userId"), id))) throw new ApiError(3000);
    const { users, total } = await readHistory(database, id, size ?? 20);
    return c.json({
      code: 0,
      data: {
        users: Object.fromEntries(users.map((u) => [u.id, u])),
        total,
        entryReadHistories: { userIds: users.map((u) => u.id), readCount: total },
      },
    });
  });
  return app;
}
