import fc from "fast-check";
import type { CommandName } from "../../../src/commands/registry.ts";
import type { SqlRunner } from "../../../src/db/types.ts";
import type { Universe } from "./universe.ts";

/** Abstract steps: indices into the universe, resolved against a client when they run. */
export type Action =
  | {
      kind: "subscribe";
      feed: number;
      byId: boolean;
      view?: number;
      category?: string | null;
      isPrivate?: boolean;
      title?: string | null;
    }
  | { kind: "unsubscribe"; feed: number }
  | {
      kind: "edit";
      feed: number;
      view?: number;
      category?: string | null;
      isPrivate?: boolean;
      title?: string | null;
    }
  | { kind: "batchEdit"; feeds: number[]; category?: string | null; view?: number }
  | { kind: "renameCategory"; from: string; to: string }
  | { kind: "deleteCategory"; category: string; deleteSubscriptions: boolean }
  | { kind: "changeCategoryView"; category: string; view: number }
  | { kind: "markRead"; entries: number[] }
  | { kind: "markUnread"; entry: number }
  | {
      kind: "markAllRead";
      filter: { view?: number; feeds?: number[]; excludePrivate?: boolean; end?: number };
    }
  | { kind: "star"; entry: number }
  | { kind: "unstar"; entry: number }
  /** The toolbar's read button: the new state is what the device shows, flipped. */
  | { kind: "toggleRead"; entry: number };

/**
 * Two devices change the same thing while both are offline, then come online one after the
 * other: the outcome must be the one the commands' declared conflict rule gives.
 */
export type ConflictTarget =
  | { kind: "read"; entry: number; sides: [Action, Action] }
  | { kind: "star"; entry: number; sides: [Action, Action] }
  | { kind: "rename"; from: string; sides: [Action, Action] }
  | { kind: "title"; feed: number; sides: [Action, Action] }
  | { kind: "follow"; feed: number; sides: [Action, Action] };

/** `client` is a device (its own database); `tab` picks one of its open tabs (modulo). */
export type Step =
  | {
      kind: "command";
      client: number;
      tab: number;
      action: Action;
      /** ms the test waits after it */
      pause: number;
      /** Another tab of the device pulls as the command goes out (its pull races the push). */
      otherTabPulls: boolean;
    }
  | {
      kind: "conflict";
      clients: [number, number];
      target: ConflictTarget;
      /** Which side comes online first, and how long before the other. */
      firstOnline: 0 | 1;
      gap: number;
    }
  /**
   * A tab closes (`leader`: the one that pushes, which hands the push to the next tab); the
   * last one may close too.
   */
  | { kind: "tabClose"; client: number; tab: number; leader: boolean }
  | { kind: "tabOpen"; client: number }
  /** The tab's engine stops and a new one starts on the same database. */
  | { kind: "tabReload"; client: number; tab: number }
  /** Every tab of the device dies, mid-push if one is under way; the browser opens again. */
  | { kind: "crash"; client: number; afterMs: number }
  | { kind: "browserOffline"; client: number }
  | { kind: "browserOnline"; client: number }
  | { kind: "outage"; client: number; down: boolean }
  | { kind: "faultRate"; client: number; rate: number }
  | { kind: "pull"; client: number; tab: number }
  | { kind: "wait"; ms: number };

const CATEGORIES = ["News", "Tech", "Fun"];
const view = fc.integer({ min: 0, max: 2 });
const category = fc.constantFrom<string | null>(...CATEGORIES, null);
const title = fc.constantFrom<string | null>("Mine", "Other", null);

function actionArb(feeds: number, entries: number): fc.Arbitrary<Action> {
  const feed = fc.nat({ max: feeds - 1 });
  const entry = fc.nat({ max: entries - 1 });
  const settings = {
    view: fc.option(view, { nil: undefined }),
    category: fc.option(category, { nil: undefined }),
    isPrivate: fc.option(fc.boolean(), { nil: undefined }),
    title: fc.option(title, { nil: undefined }),
  };
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record(
        { kind: fc.constant("subscribe" as const), feed, byId: fc.boolean(), ...settings },
        { requiredKeys: ["kind", "feed", "byId"] },
      ),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("unsubscribe" as const), feed }) },
    {
      weight: 2,
      arbitrary: fc
        .record(
          { kind: fc.constant("edit" as const), feed, ...settings },
          { requiredKeys: ["kind", "feed"] },
        )
        .filter(
          (a) =>
            a.view !== undefined ||
            a.category !== undefined ||
            a.isPrivate !== undefined ||
            a.title !== undefined,
        ),
    },
    {
      weight: 1,
      arbitrary: fc.record(
        {
          kind: fc.constant("batchEdit" as const),
          feeds: fc.uniqueArray(feed, { minLength: 1, maxLength: feeds }),
          category: fc.option(category, { nil: undefined }),
          view: fc.option(view, { nil: undefined }),
        },
        { requiredKeys: ["kind", "feeds"] },
      ),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("renameCategory" as const),
        from: fc.constantFrom(...CATEGORIES),
        to: fc.constantFrom(...CATEGORIES),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("deleteCategory" as const),
        category: fc.constantFrom(...CATEGORIES),
        deleteSubscriptions: fc.boolean(),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("changeCategoryView" as const),
        category: fc.constantFrom(...CATEGORIES),
        view,
      }),
    },
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant("markRead" as const),
        entries: fc.uniqueArray(entry, { minLength: 1, maxLength: 3 }),
      }),
    },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant("markUnread" as const), entry }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("markAllRead" as const),
        filter: fc.record(
          {
            view,
            feeds: fc.uniqueArray(feed, { minLength: 1, maxLength: feeds }),
            excludePrivate: fc.boolean(),
            end: entry,
          },
          { requiredKeys: [] },
        ),
      }),
    },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant("star" as const), entry }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant("unstar" as const), entry }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant("toggleRead" as const), entry }) },
  );
}

function conflictArb(feeds: number, entries: number): fc.Arbitrary<ConflictTarget> {
  const feed = fc.nat({ max: feeds - 1 });
  const entry = fc.nat({ max: entries - 1 });
  const pair = <T>(side: fc.Arbitrary<T>) => fc.tuple(side, side);
  const readMark = (e: number) =>
    fc.constantFrom<Action>(
      { kind: "markRead", entries: [e] },
      { kind: "markUnread", entry: e },
      { kind: "toggleRead", entry: e },
    );
  return fc.oneof(
    entry.chain((e) =>
      pair(readMark(e)).map((sides) => ({ kind: "read" as const, entry: e, sides })),
    ),
    entry.chain((e) =>
      pair(fc.constantFrom<Action>({ kind: "star", entry: e }, { kind: "unstar", entry: e })).map(
        (sides) => ({ kind: "star" as const, entry: e, sides }),
      ),
    ),
    fc
      .constantFrom(...CATEGORIES)
      .chain((from) =>
        pair(
          fc
            .constantFrom(...CATEGORIES)
            .map((to): Action => ({ kind: "renameCategory", from, to })),
        ).map((sides) => ({ kind: "rename" as const, from, sides })),
      ),
    feed.chain((f) =>
      pair(title.map((t): Action => ({ kind: "edit", feed: f, title: t }))).map((sides) => ({
        kind: "title" as const,
        feed: f,
        sides,
      })),
    ),
    feed.chain((f) =>
      pair(
        fc.constantFrom<Action>(
          { kind: "subscribe", feed: f, byId: true },
          { kind: "unsubscribe", feed: f },
        ),
      ).map((sides) => ({ kind: "follow" as const, feed: f, sides })),
    ),
  );
}

export function stepsArb(options: {
  clients: number;
  feeds: number;
  entries: number;
  minSteps: number;
  maxSteps: number;
}) {
  const client = fc.nat({ max: options.clients - 1 });
  const tab = fc.nat({ max: 2 });
  const step: fc.Arbitrary<Step> = fc.oneof(
    {
      weight: 12,
      arbitrary: fc.record({
        kind: fc.constant("command" as const),
        client,
        tab,
        action: actionArb(options.feeds, options.entries),
        pause: fc.constantFrom(0, 0, 2, 5, 15),
        otherTabPulls: fc.boolean(),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant("conflict" as const),
        clients: fc.uniqueArray(client, { minLength: 2, maxLength: 2 }) as fc.Arbitrary<
          [number, number]
        >,
        target: conflictArb(options.feeds, options.entries),
        firstOnline: fc.constantFrom<0 | 1>(0, 1),
        gap: fc.constantFrom(0, 3, 20),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant("tabClose" as const),
        client,
        tab,
        leader: fc.boolean(),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("tabOpen" as const), client }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("tabReload" as const), client, tab }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("crash" as const),
        client,
        afterMs: fc.constantFrom(0, 1, 3),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("browserOffline" as const), client }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("browserOnline" as const), client }) },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant("outage" as const), client, down: fc.boolean() }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant("faultRate" as const),
        client,
        rate: fc.constantFrom(0, 0.2, 0.5, 0.8),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("pull" as const), client, tab }) },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant("wait" as const),
        ms: fc.integer({ min: 5, max: 60 }),
      }),
    },
  );
  // Every run starts subscribed to two feeds (through the faults), so most later commands
  // have something to act on; the rest of the run is free.
  const prelude: Step[] = [0, 1].map((feed) => ({
    kind: "command",
    client: 0,
    tab: 0,
    action: { kind: "subscribe", feed, byId: false },
    pause: 10,
    otherTabPulls: false,
  }));
  return fc
    .array(step, { minLength: options.minSteps, maxLength: options.maxSteps })
    .map((steps) => [...prelude, ...steps]);
}

export interface Resolved {
  name: CommandName;
  payload: Record<string, unknown>;
}

/** Turns an action into a command for one client; undefined when it makes no sense there. */
export async function resolve(
  action: Action,
  universe: Universe,
  db: SqlRunner,
): Promise<Resolved | undefined> {
  const allEntries = universe.feeds.flatMap((f) => f.entries);
  const feedId = (i: number) => universe.feeds[i]!.id;
  const entryId = (i: number) => allEntries[i]!.id;
  const defined = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
  const inCategory = async (category: string) =>
    (
      await db.query(
        "SELECT feed_id FROM subscriptions WHERE category = ? AND feed_id IS NOT NULL",
        [category],
      )
    ).map((r) => String(r.feed_id));
  switch (action.kind) {
    case "subscribe": {
      const feed = universe.feeds[action.feed]!;
      const { view, category, isPrivate, title } = action;
      return {
        name: "subscriptions.subscribe",
        payload: defined({
          url: feed.url,
          feedId: action.byId ? feed.id : undefined,
          view,
          category,
          isPrivate,
          title,
        }),
      };
    }
    case "unsubscribe":
      return { name: "subscriptions.unsubscribe", payload: { feedIds: [feedId(action.feed)] } };
    case "edit": {
      const { view, category, isPrivate, title } = action;
      return {
        name: "subscriptions.edit",
        payload: defined({ feedId: feedId(action.feed), view, category, isPrivate, title }),
      };
    }
    case "batchEdit":
      return {
        name: "subscriptions.batchEdit",
        payload: defined({
          feedIds: action.feeds.map(feedId),
          category: action.category,
          view: action.view,
        }),
      };
    case "renameCategory": {
      const feedIds = await inCategory(action.from);
      if (feedIds.length === 0) return undefined;
      return {
        name: "categories.rename",
        payload: { feedIds, category: action.from, to: action.to },
      };
    }
    case "deleteCategory": {
      const feedIds = await inCategory(action.category);
      if (feedIds.length === 0) return undefined;
      return {
        name: "categories.delete",
        payload: {
          feedIds,
          category: action.category,
          deleteSubscriptions: action.deleteSubscriptions,
        },
      };
    }
    case "changeCategoryView": {
      const feedIds = await inCategory(action.category);
      if (feedIds.length === 0) return undefined;
      return {
        name: "categories.changeView",
        payload: { feedIds, category: action.category, view: action.view },
      };
    }
    case "markRead":
      return { name: "entries.markRead", payload: { entryIds: action.entries.map(entryId) } };
    case "markUnread":
      return { name: "entries.markUnread", payload: { entryId: entryId(action.entry) } };
    case "markAllRead": {
      const { view, feeds, excludePrivate, end } = action.filter;
      const feedIdList = feeds?.map(feedId);
      return {
        name: "entries.markAllRead",
        payload: defined({
          view,
          feedId: feedIdList?.length === 1 ? feedIdList[0] : undefined,
          feedIdList: feedIdList && feedIdList.length > 1 ? feedIdList : undefined,
          excludePrivate,
          endTime: end === undefined ? undefined : allEntries[end]!.publishedAt,
        }),
      };
    }
    case "star":
      return {
        name: "collections.star",
        payload: {
          entryId: entryId(action.entry),
          feedId: universe.feedOfEntry.get(entryId(action.entry)),
        },
      };
    case "unstar":
      return { name: "collections.unstar", payload: { entryId: entryId(action.entry) } };
    case "toggleRead": {
      const id = entryId(action.entry);
      const [row] = await db.query("SELECT read FROM entries WHERE id = ?", [id]);
      return { name: "entries.toggleRead", payload: { entryId: id, read: row?.read !== 1 } };
    }
  }
}
