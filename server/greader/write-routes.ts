import type { Context, Hono } from "hono";
import { countFeeds, withinTrialQuota } from "../accounts/trial.ts";
import { CodedError } from "../coded-error.ts";
import type { ServerConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { Services } from "../services/index.ts";
import { collect, uncollect } from "../storage/collections.ts";
import { addEntryTag, removeEntryTag } from "../storage/entry-tags.ts";
import { unsubscribeFromList } from "../storage/lists.ts";
import { markAllRead, markRead, markUnread } from "../storage/reads.ts";
import { unsubscribe, updateSubscription } from "../storage/subscriptions.ts";
import { recordChange } from "../sync/changes.ts";
import { actionToken, type ReaderVariables } from "./auth.ts";
import { type Fields, numberField, readFields } from "./form.ts";
import { parseItemId } from "./item-ids.ts";
import { clampTimeMs } from "./stream-cursor.ts";
import { filterOf } from "./stream-query.ts";
import { LABEL, parseStreamId, STATE } from "./streams.ts";
import { findByRef, readerSubscriptions } from "./subscriptions.ts";

type ReaderContext = Context<{ Variables: ReaderVariables }>;

const text = (body: string, status = 200) =>
  new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8" } });

/** A label as clients name it: `user/-/label/<name>` (or `user/<id>/label/…`), some bare. */
const labelName = (streamId: string | undefined) => {
  if (!streamId?.trim()) return undefined;
  const ref = parseStreamId(streamId);
  if (ref?.kind === "label") return ref.name;
  return /^(user|feed)\//.test(streamId) ? undefined : streamId.trim();
};

export interface WriteDeps {
  database: DatabaseHandle;
  services: Pick<Services, "subscriber">;
  trialLimits: ServerConfig["trialLimits"] | undefined;
}

/**
 * Reader writes: each checks the action token when one is sent (with or without the trailing
 * newline clients leave on it), refuses a read-only app password, writes through the same
 * storage calls as the web app, and counts as a change of the person's (their other devices
 * pull it), then answers exactly `OK`.
 */
export function registerWriteRoutes(app: Hono<{ Variables: ReaderVariables }>, deps: WriteDeps) {
  const { database } = deps;
  const write =
    (
      handler: (c: ReaderContext, fields: Fields, userId: string) => Promise<Response | undefined>,
    ) =>
    async (c: ReaderContext) => {
      const fields = await readFields(c);
      const sent = fields.get("T")?.trim();
      if (sent && sent !== actionToken(c.get("secret"))) {
        return new Response("Unauthorized!\n", {
          status: 401,
          headers: { "x-reader-google-bad-token": "true", "google-bad-token": "true" },
        });
      }
      if (c.get("token").scope !== "write")
        return text("Forbidden: a read-only app password\n", 403);
      const userId = c.get("userId");
      let answer: Response | undefined;
      try {
        answer = await handler(c, fields, userId);
      } catch (error) {
        if (error instanceof CodedError) return text(`Error: ${error.message}\n`, 400);
        throw error;
      }
      if (answer && answer.status >= 300) return answer;
      await recordChange(database, [userId], "state");
      return answer ?? text("OK");
    };

  app.post(
    "/reader/api/0/edit-tag",
    write(async (_c, fields, userId) => {
      const ids = fields
        .all("i")
        .map(parseItemId)
        .filter((id): id is string => id !== undefined);
      const add = fields.all("a");
      const remove = fields.all("r");
      const has = (list: string[], state: string) =>
        list.some((s) => s.replace(/^user\/[^/]+\//, "user/-/") === `${STATE}${state}`);
      if (has(add, "read")) await markRead(database, userId, ids);
      if (has(remove, "read") || has(add, "kept-unread")) {
        for (const id of ids) await markUnread(database, userId, id);
      }
      if (has(add, "starred")) for (const id of ids) await collect(database, userId, id);
      if (has(remove, "starred")) for (const id of ids) await uncollect(database, userId, id);
      for (const label of add.map(labelName).filter(Boolean) as string[]) {
        for (const id of ids) await addEntryTag(database, userId, id, label);
      }
      for (const label of remove.map(labelName).filter(Boolean) as string[]) {
        for (const id of ids) await removeEntryTag(database, userId, id, label);
      }
      return undefined;
    }),
  );

  app.post(
    "/reader/api/0/mark-all-as-read",
    write(async (_c, fields, userId) => {
      const subscriptions = await readerSubscriptions(database, userId);
      const filter = filterOf(subscriptions, fields.get("s"));
      if (!filter) return undefined;
      const usec = numberField(fields, "ts");
      const endTime =
        usec !== undefined
          ? new Date(clampTimeMs(Math.floor(usec / 1000))).toISOString()
          : undefined;
      await markAllRead(database, userId, {
        ...(filter.feedId ? { feedId: filter.feedId } : {}),
        ...(filter.feedIdList ? { feedIdList: filter.feedIdList } : {}),
        ...(filter.listId ? { listId: filter.listId } : {}),
        ...(filter.inboxId ? { inboxId: filter.inboxId } : {}),
        ...(endTime ? { endTime } : {}),
      });
      return undefined;
    }),
  );

  const subscribeTo = async (userId: string, url: string, title?: string, category?: string) =>
    withinTrialQuota(
      database,
      deps.trialLimits,
      userId,
      "feeds",
      () => countFeeds(database, userId),
      () =>
        deps.services.subscriber.subscribe(userId, {
          url,
          view: 0,
          ...(title ? { title } : {}),
          ...(category ? { category } : {}),
        }),
    );

  app.post(
    "/reader/api/0/subscription/edit",
    write(async (_c, fields, userId) => {
      const action = fields.get("ac") ?? "edit";
      const title = fields.get("t")?.trim() || undefined;
      const addLabel = fields.all("a").map(labelName).find(Boolean);
      const removeLabel = fields.all("r").map(labelName).find(Boolean);
      for (const streamId of fields.all("s")) {
        const ref = parseStreamId(streamId);
        if (ref?.kind !== "feed") return text("Error: expected feed/<url>\n", 400);
        const subscriptions = await readerSubscriptions(database, userId);
        const found = findByRef(subscriptions, ref.ref);
        if (action === "subscribe") {
          if (!found) await subscribeTo(userId, ref.ref, title, addLabel);
          else if (addLabel && !found.listId) {
            await updateSubscription(database, userId, [found.id], { category: addLabel });
          }
          continue;
        }
        if (!found) return text("Error: not subscribed\n", 400);
        if (found.inboxId) continue;
        if (action === "unsubscribe") {
          if (found.listId) await unsubscribeFromList(database, userId, found.listId);
          else await unsubscribe(database, userId, [found.id]);
          continue;
        }
        if (found.listId) continue;
        const changes: { title?: string; category?: string | null } = {};
        if (title) changes.title = title;
        if (addLabel) changes.category = addLabel;
        else if (removeLabel && removeLabel === found.category) changes.category = null;
        await updateSubscription(database, userId, [found.id], changes);
      }
      return undefined;
    }),
  );

  app.post(
    "/reader/api/0/subscription/quickadd",
    write(async (c, fields, userId) => {
      const raw = (fields.get("quickadd") ?? "").trim().replace(/^feed\//, "");
      if (!raw) return text("Error: quickadd needs a URL\n", 400);
      const subscribed = await subscribeTo(userId, raw);
      const feed = subscribed.feed as { url: string; title?: string | null } | null;
      return c.json({
        numResults: 1,
        query: raw,
        streamId: `feed/${feed?.url ?? raw}`,
        streamName: feed?.title ?? raw,
      });
    }),
  );

  const relabel = async (userId: string, from: string, to: string | null) => {
    const subscriptions = await readerSubscriptions(database, userId);
    const feeds = subscriptions.filter((s) => s.category === from && !s.listId).map((s) => s.id);
    await updateSubscription(database, userId, feeds, { category: to });
  };

  app.post(
    "/reader/api/0/rename-tag",
    write(async (_c, fields, userId) => {
      const from = labelName(fields.get("s")) ?? fields.get("t");
      const to = labelName(fields.get("dest"));
      if (!from || !to) return text("Error: s and dest must be labels\n", 400);
      await relabel(userId, from, to);
      return undefined;
    }),
  );

  app.post(
    "/reader/api/0/disable-tag",
    write(async (_c, fields, userId) => {
      const name = labelName(fields.get("s")) ?? fields.get("t");
      if (!name) return text("Error: s must be a label\n", 400);
      await relabel(userId, name, null);
      return undefined;
    }),
  );
}

export { LABEL };
