import type { CommandName } from "../../../src/commands/registry.ts";
import type { UserState } from "../../support/sync/state.ts";
import type { Universe } from "./universe.ts";

interface Settings {
  view: number;
  isPrivate: boolean;
  title: string | null;
  category: string | null;
}

// biome-ignore lint/suspicious/noExplicitAny: payloads are checked by the commands' schemas.
type Payload = Record<string, any>;

/**
 * What the server should hold for one user, by the API's documented rules, after the writes
 * it applied, in the order it applied them. `apply` answers whether the server should have
 * accepted the command (it refuses: an edit of a feed not subscribed, 2001; a mark-unread or a
 * star of an entry the user cannot see, 3000).
 */
export class ServerModel {
  readonly subscriptions = new Map<string, Settings>();
  readonly unread = new Set<string>();
  readonly starred = new Set<string>();
  /**
   * Entries the person has read while they could see them (their read history). Marking one
   * unread again does not forget the read: following its feed anew leaves it read.
   */
  readonly readBefore = new Set<string>();

  private readonly universe: Pick<Universe, "feeds" | "feedOfEntry">;

  constructor(universe: Pick<Universe, "feeds" | "feedOfEntry">) {
    this.universe = universe;
  }

  apply(name: CommandName, p: Payload): boolean {
    switch (name) {
      case "subscriptions.subscribe": {
        const feedId = p.feedId ?? this.universe.feeds.find((f) => f.url === p.url)!.id;
        const existing = this.subscriptions.get(feedId);
        this.subscriptions.set(feedId, {
          view: p.view ?? 0,
          isPrivate: p.isPrivate ?? existing?.isPrivate ?? false,
          title: p.title !== undefined ? p.title : (existing?.title ?? null),
          category: p.category !== undefined ? p.category : (existing?.category ?? null),
        });
        // A feed followed anew starts unread, except what the person already read.
        if (!existing) {
          for (const entry of this.entriesOf([feedId])) {
            if (!this.readBefore.has(entry)) this.unread.add(entry);
          }
        }
        return true;
      }
      case "subscriptions.unsubscribe":
        this.unsubscribe(p.feedIds);
        return true;
      case "subscriptions.edit": {
        if (!this.subscriptions.has(p.feedId)) return false;
        this.update([p.feedId], p);
        return true;
      }
      case "subscriptions.batchEdit":
        this.update(p.feedIds, { category: p.category, view: p.view });
        return true;
      case "categories.rename":
        this.update(p.feedIds, { category: p.to });
        return true;
      case "categories.delete":
        if (p.deleteSubscriptions) this.unsubscribe(p.feedIds);
        else this.update(p.feedIds, { category: null });
        return true;
      case "categories.changeView":
        this.update(p.feedIds, { view: p.view });
        return true;
      case "entries.markRead":
        for (const id of p.entryIds) this.markEntryRead(id);
        return true;
      case "entries.markUnread": {
        if (!this.subscriptions.has(this.feedOf(p.entryId))) return false;
        this.unread.add(p.entryId);
        return true;
      }
      case "entries.toggleRead":
        return this.apply(p.read ? "entries.markRead" : "entries.markUnread", {
          entryIds: [p.entryId],
          entryId: p.entryId,
        });
      case "entries.markAllRead":
        this.markAllRead(p);
        return true;
      case "collections.star": {
        const visible =
          this.subscriptions.has(this.feedOf(p.entryId)) || this.starred.has(p.entryId);
        if (!visible) return false;
        this.starred.add(p.entryId);
        return true;
      }
      case "collections.unstar":
        this.starred.delete(p.entryId);
        return true;
      // Lists are not part of this model's state (tests/integration/lists.test.ts covers them).
      case "lists.create":
      case "lists.edit":
      case "lists.delete":
      case "lists.addFeeds":
      case "lists.removeFeeds":
      // Rules are not part of the reading state this model compares.
      case "actions.save":
      case "actions.applyToRecent":
      case "lists.follow":
      case "lists.unfollow":
      case "push.registerDevice":
      case "push.removeDevice":
      case "push.sendTest":
      case "ai.saveProvider":
      case "ai.removeProvider":
      // Saved searches are not part of this model's state (tests/integration/saved-searches.test.ts).
      case "savedSearches.save":
      case "savedSearches.rename":
      case "savedSearches.delete":
      // Highlights and tags are not part of this model's state (tests/integration/highlights-tags.test.ts).
      case "highlights.create":
      case "highlights.recolor":
      case "highlights.annotate":
      case "highlights.delete":
      case "tags.add":
      case "tags.remove":
      case "tags.rename":
      case "tags.merge":
      // Reading positions neither (tests/integration/reading-positions.test.ts).
      case "readingPositions.save":
        return true;
    }
  }

  /** The state as the tests compare it (see UserState). */
  state(): UserState {
    const subscribed = [...this.subscriptions.keys()];
    const entries = this.entriesOf(subscribed);
    const unread: Record<string, number> = {};
    for (const id of this.unread) {
      const feed = this.feedOf(id);
      if (this.subscriptions.has(feed)) unread[feed] = (unread[feed] ?? 0) + 1;
    }
    return {
      subscriptions: Object.fromEntries(
        subscribed.map((id) => [id, { ...this.subscriptions.get(id)! }]),
      ),
      unread,
      read: Object.fromEntries(entries.map((id) => [id, !this.unread.has(id)])),
      starred: [...this.starred].sort(),
    };
  }

  private feedOf(entryId: string): string {
    return this.universe.feedOfEntry.get(entryId)!;
  }

  private entriesOf(feedIds: readonly string[]): string[] {
    return this.universe.feeds
      .filter((f) => feedIds.includes(f.id))
      .flatMap((f) => f.entries.map((e) => e.id));
  }

  /** A read counts in the read history only for an entry of a feed the person follows. */
  private markEntryRead(entryId: string) {
    this.unread.delete(entryId);
    if (this.subscriptions.has(this.feedOf(entryId))) this.readBefore.add(entryId);
  }

  private unsubscribe(feedIds: readonly string[]) {
    for (const id of feedIds) this.subscriptions.delete(id);
    for (const entry of this.entriesOf(feedIds)) this.unread.delete(entry);
  }

  private update(feedIds: readonly string[], changes: Partial<Settings> & Payload) {
    for (const id of feedIds) {
      const current = this.subscriptions.get(id);
      if (!current) continue;
      if (changes.view !== undefined) current.view = changes.view;
      if (changes.category !== undefined) current.category = changes.category || null;
      if (changes.title !== undefined) current.title = changes.title || null;
      if (changes.isPrivate !== undefined) current.isPrivate = changes.isPrivate;
    }
  }

  private markAllRead(p: Payload) {
    const named: string[] | undefined = p.feedId ? [p.feedId] : p.feedIdList;
    const feeds = [...this.subscriptions].filter(
      ([id, s]) =>
        (named ? named.includes(id) : !s.isPrivate) &&
        (p.view === undefined || s.view === p.view) &&
        !(p.excludePrivate && s.isPrivate),
    );
    const start = p.startTime === undefined ? -Infinity : Date.parse(p.startTime);
    const end = p.endTime === undefined ? Infinity : Date.parse(p.endTime);
    for (const feed of this.universe.feeds.filter((f) => feeds.some(([id]) => id === f.id))) {
      for (const entry of feed.entries) {
        const at = Date.parse(entry.publishedAt);
        if (at >= start && at <= end) this.markEntryRead(entry.id);
      }
    }
  }
}
