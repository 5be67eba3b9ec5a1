import { type Context, Hono } from "hono";
import type { DatabaseHandle } from "../db/connect.ts";
import { bodyLimitByLength } from "../http/body-limit.ts";
import type { IconStore } from "../icons/feed-icons.ts";
import { collect, uncollect } from "../storage/collections.ts";
import { markAllRead, markRead, markUnread } from "../storage/reads.ts";
import { listSubscriptions } from "../storage/subscriptions.ts";
import { recordChange } from "../sync/changes.ts";
import { tokenRateLimit } from "../tokens/rate-limit.ts";
import { findAppPasswordByFeverKey, type ResolvedToken, touchToken } from "../tokens/store.ts";
import { countItems, type ItemsAsk, itemNumbers, readItems } from "./items.ts";
import { numberNewItems, numbersOf, refsOf } from "./numbers.ts";

/**
 * The Fever API (mounted at `<base>/fever/`), for reader apps signed in with an app password:
 * `?api` with the call's name in the query (`&items`, `&feeds`...) and `api_key` (md5 of
 * "email:app password") in a form body. A wrong key answers `auth: 0` with HTTP 200, as clients
 * expect. Reads and writes go through the same rules and storage calls as the web app; only
 * the person's own feed subscriptions, categories (groups) and starred entries are offered.
 */
export function feverRoutes(deps: { database: DatabaseHandle; icons: IconStore }) {
  const { database, icons } = deps;
  const app = new Hono();
  app.use(
    "*",
    bodyLimitByLength({
      maxSize: 100_000,
      onError: (c) => c.json({ api_version: 3, auth: 0 }, 413, { connection: "close" }),
    }),
  );
  // Clients are given `<base>/fever/` and some drop the slash: both, and nothing below.
  // (Any method reaches it, as the reader doors are no endpoints of the product's table.)
  app.all("/*", async (c) => {
    if (!/\/fever\/?$/.test(c.req.path)) return c.json({ api_version: 3, auth: 0 }, 404);
    if (c.req.method !== "GET" && c.req.method !== "POST") return c.body(null, 405);
    const fields = await readFields(c);
    const key = fields.get("api_key")?.trim();
    const token = key ? await findAppPasswordByFeverKey(database, key) : undefined;
    if (!token) return c.json({ api_version: 3, auth: 0 });
    const wait = tokenRateLimit(database).take(token.id);
    if (wait > 0) return c.json({ api_version: 3, auth: 0 }, 429, { "retry-after": String(wait) });
    await touchToken(database, token);
    const answer: Record<string, unknown> = {
      api_version: 3,
      auth: 1,
      last_refreshed_on_time: Math.floor(Date.now() / 1000),
    };
    const call = new FeverCall(database, icons, token, fields, answer);
    await call.write();
    await call.read();
    return c.json(answer);
  });
  return app;
}

interface Fields {
  has(name: string): boolean;
  get(name: string): string | undefined;
}

/** The query and a form body (clients put `api_key` and `mark` in either). */
async function readFields(c: Context): Promise<Fields> {
  const query = new URL(c.req.url).searchParams;
  const body = c.req.method === "POST" ? new URLSearchParams(await c.req.text()) : undefined;
  return {
    has: (name) => query.has(name) || Boolean(body?.has(name)),
    get: (name) => body?.get(name) ?? query.get(name) ?? undefined,
  };
}

/** Our numbers are 32-bit (a column of that type): larger asks are clamped to it. */
const NUMBER_MAX = 2_147_483_647;

/** An integer field (clamped to our numbers' range), or undefined. */
function integerField(fields: Fields, name: string): number | undefined {
  const text = fields.get(name)?.trim();
  if (!text || !/^-?\d{1,20}$/.test(text)) return undefined;
  return Math.max(-NUMBER_MAX, Math.min(NUMBER_MAX, Number(text)));
}

class FeverCall {
  private readonly userId: string;
  private readonly database: DatabaseHandle;
  private readonly icons: IconStore;
  private readonly token: ResolvedToken;
  private readonly answer: Record<string, unknown>;
  private fields: Fields;
  private subscriptions?: Awaited<ReturnType<typeof listSubscriptions>>;

  constructor(
    database: DatabaseHandle,
    icons: IconStore,
    token: ResolvedToken,
    fields: Fields,
    answer: Record<string, unknown>,
  ) {
    this.database = database;
    this.icons = icons;
    this.token = token;
    this.fields = fields;
    this.answer = answer;
    this.userId = token.userId;
  }

  private async subs() {
    this.subscriptions ??= await listSubscriptions(this.database, this.userId);
    return this.subscriptions;
  }

  /** `mark=item|feed|group`, `as=read|unread|saved|unsaved`, `id`, `before` (seconds). */
  async write(): Promise<void> {
    const mark = this.fields.get("mark");
    const as = this.fields.get("as");
    const id = integerField(this.fields, "id");
    // A read-only app password reads; its writes change nothing.
    if (!mark || !as || id === undefined || this.token.scope !== "write") return;
    const { database, userId } = this;
    let changed = false;
    if (mark === "item") {
      const entryId = (await refsOf(database, userId, "item", [id])).get(id);
      if (!entryId) return;
      if (as === "read") await markRead(database, userId, [entryId]);
      else if (as === "unread") await markUnread(database, userId, entryId);
      else if (as === "saved") await collect(database, userId, entryId);
      else if (as === "unsaved") await uncollect(database, userId, entryId);
      else return;
      changed = true;
      // Fever answers a mark with the state it changed.
      if (as === "read" || as === "unread") this.fields = withFlag(this.fields, "unread_item_ids");
      else this.fields = withFlag(this.fields, "saved_item_ids");
    } else if ((mark === "feed" || mark === "group") && as === "read") {
      const before = integerField(this.fields, "before");
      const endTime =
        before !== undefined && before > 0 ? new Date(before * 1000 - 1).toISOString() : undefined;
      const range = endTime ? { endTime } : {};
      if (mark === "feed") {
        const feedId = (await refsOf(database, userId, "feed", [id])).get(id);
        const subscribed = (await this.subs()).some((s) => s.feed.id === feedId);
        if (!feedId || !subscribed) return;
        await markAllRead(database, userId, { feedId, ...range });
      } else if (id === 0) {
        // Group 0 is "Kindling", everything (as the web app's "all": private feeds kept).
        await markAllRead(database, userId, range);
      } else {
        const category = (await refsOf(database, userId, "group", [id])).get(id);
        if (!category) return;
        const feedIdList = (await this.subs())
          .filter((s) => s.subscription.category === category)
          .map((s) => s.feed.id);
        if (feedIdList.length === 0) return;
        await markAllRead(database, userId, { feedIdList, ...range });
      }
      changed = true;
      this.fields = withFlag(this.fields, "unread_item_ids");
    }
    if (changed) await recordChange(database, [userId], "state");
  }

  async read(): Promise<void> {
    const { fields, answer } = this;
    if (fields.has("groups")) {
      answer.groups = await this.groups();
      answer.feeds_groups = await this.feedsGroups();
    }
    if (fields.has("feeds")) {
      answer.feeds = await this.feeds();
      answer.feeds_groups = await this.feedsGroups();
    }
    if (fields.has("favicons")) answer.favicons = await this.favicons();
    if (fields.has("links")) answer.links = [];
    const itemsNeeded =
      fields.has("items") || fields.has("unread_item_ids") || fields.has("saved_item_ids");
    if (itemsNeeded) await numberNewItems(this.database, this.userId);
    if (fields.has("items")) {
      const rows = await readItems(this.database, this.userId, this.itemsAsk());
      const feedNumbers = await this.feedNumbers();
      answer.items = rows.map((row) => ({
        id: row.number,
        feed_id: feedNumbers.get(row.feedId) ?? 0,
        title: row.title ?? "",
        author: row.author ?? "",
        html: row.html,
        url: row.url ?? "",
        is_saved: row.saved ? 1 : 0,
        is_read: row.read ? 1 : 0,
        created_on_time: Math.floor(Date.parse(row.publishedAt) / 1000),
      }));
      answer.total_items = await countItems(this.database, this.userId);
    }
    if (fields.has("unread_item_ids")) {
      answer.unread_item_ids = (await itemNumbers(this.database, this.userId, "unread")).join(",");
    }
    if (fields.has("saved_item_ids")) {
      answer.saved_item_ids = (await itemNumbers(this.database, this.userId, "saved")).join(",");
    }
  }

  /** `with_ids` (up to 50), else `max_id` (newest first below it), else `since_id` (0 by default). */
  private itemsAsk(): ItemsAsk {
    const withIds = this.fields.get("with_ids");
    if (withIds !== undefined) {
      const ids = withIds
        .split(",")
        .map((part) => part.trim())
        .filter((part) => /^\d{1,10}$/.test(part))
        .map(Number)
        .filter((id) => id <= NUMBER_MAX)
        .slice(0, 50);
      return { kind: "ids", ids };
    }
    const max = integerField(this.fields, "max_id");
    if (max !== undefined && max > 0) return { kind: "max", max };
    return { kind: "since", since: Math.max(0, integerField(this.fields, "since_id") ?? 0) };
  }

  private async feedNumbers() {
    const subs = await this.subs();
    return numbersOf(
      this.database,
      this.userId,
      "feed",
      subs.map((s) => s.feed.id),
    );
  }

  private async groupNumbers() {
    const categories = [
      ...new Set(
        (await this.subs())
          .map((s) => s.subscription.category)
          .filter((c): c is string => Boolean(c)),
      ),
    ].sort();
    return numbersOf(this.database, this.userId, "group", categories);
  }

  private async groups() {
    const numbers = await this.groupNumbers();
    return [...numbers].map(([title, id]) => ({ id, title })).sort((a, b) => a.id - b.id);
  }

  private async feedsGroups() {
    const [groups, feeds, subs] = await Promise.all([
      this.groupNumbers(),
      this.feedNumbers(),
      this.subs(),
    ]);
    const byGroup = new Map<number, number[]>();
    for (const s of subs) {
      const group = s.subscription.category ? groups.get(s.subscription.category) : undefined;
      const feed = feeds.get(s.feed.id);
      if (group === undefined || feed === undefined) continue;
      byGroup.set(group, [...(byGroup.get(group) ?? []), feed]);
    }
    return [...byGroup].map(([group_id, ids]) => ({
      group_id,
      feed_ids: ids.sort((a, b) => a - b).join(","),
    }));
  }

  private async feeds() {
    const [numbers, subs] = await Promise.all([this.feedNumbers(), this.subs()]);
    return Promise.all(
      subs.map(async (s) => {
        const id = numbers.get(s.feed.id) ?? 0;
        const meta = await this.icons.meta(s.feed.id);
        return {
          id,
          favicon_id: meta?.type ? id : 0,
          title: s.subscription.title || s.feed.title || s.feed.url,
          url: s.feed.url,
          site_url: s.feed.site_url ?? "",
          is_spark: 0,
          last_updated_on_time: s.feed.checked_at
            ? Math.floor(Date.parse(s.feed.checked_at) / 1000)
            : 0,
        };
      }),
    );
  }

  /** Each feed's kept icon as `<type>;base64,<bytes>` (clients prefix `data:`), by feed number. */
  private async favicons() {
    const [numbers, subs] = await Promise.all([this.feedNumbers(), this.subs()]);
    const icons = await Promise.all(
      subs.map(async (s) => {
        const icon = await this.icons.read(s.feed.id);
        const id = numbers.get(s.feed.id);
        return icon && id !== undefined
          ? { id, data: `${icon.type};base64,${icon.bytes.toString("base64")}` }
          : undefined;
      }),
    );
    return icons.filter((icon) => icon !== undefined);
  }
}

function withFlag(fields: Fields, flag: string): Fields {
  return { has: (name) => name === flag || fields.has(name), get: (name) => fields.get(name) };
}
