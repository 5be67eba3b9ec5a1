import { describe, expect, it } from "vitest";
import { LOCAL_TABLES } from "../../db/local-tables.ts";
import type { DomainEvent, EventData, EventName } from "../events.ts";
import { decodeEvent, materialize, storedNameOf, tablesWritten } from "./index.ts";

const FEED = "1800000000000001";
const ENTRY = "1800000000000000001";
const AT = "2026-06-01T00:00:00.000Z";

/** Every event in each of its shapes (a new event without a sample is a type error). */
const samples: { [Name in EventName]: EventData[Name][] } = {
  FeedSubscribed: [
    { placeholderId: "pending/c1", url: "https://example.com/feed", view: 0, createdAt: AT },
    { placeholderId: "pending/c1", feedId: FEED, view: 0, category: "News", createdAt: AT },
  ],
  SubscriptionConfirmed: [
    {
      placeholderId: "pending/c1",
      feed: {
        id: FEED,
        url: "https://example.com/feed",
        title: "Feed",
        description: null,
        image: null,
        siteUrl: null,
        ownerUserId: null,
        errorAt: null,
        errorMessage: null,
      } as EventData["SubscriptionConfirmed"]["feed"],
      view: 0,
      createdAt: AT,
      unread: 3,
    },
  ],
  FeedsUnsubscribed: [{ feedIds: [FEED] }],
  SubscriptionEdited: [{ feedId: FEED, title: "Mine", isPrivate: true, view: 1, category: "A" }],
  SubscriptionsBatchEdited: [{ feedIds: [FEED], category: "A", view: 2 }],
  CategoryRenamed: [{ feedIds: [FEED], from: "A", to: "B" }],
  CategoryDeleted: [
    { feedIds: [FEED], category: "A", deleteSubscriptions: false },
    { feedIds: [FEED], category: "A", deleteSubscriptions: true },
  ],
  CategoryViewChanged: [{ feedIds: [FEED], category: "A", view: 3 }],
  EntriesMarkedRead: [{ entryIds: [ENTRY] }],
  EntryMarkedUnread: [{ entryId: ENTRY }],
  AllEntriesMarkedRead: [{}, { view: 0, feedIds: [FEED], excludePrivate: true, endTime: AT }],
  EntryStarred: [{ entryId: ENTRY, feedId: FEED, createdAt: AT }],
  EntryUnstarred: [{ entryId: ENTRY }],
  ListCreated: [{ listId: FEED, ownerUserId: "u1", title: "L", view: 0 }],
  ListEdited: [{ listId: FEED, title: "M", description: null, view: 2 }],
  ListDeleted: [{ listId: FEED }],
  ListFeedsAdded: [{ listId: FEED, feedIds: [FEED] }],
  ListFeedsRemoved: [{ listId: FEED, feedIds: [FEED] }],
  ActionRulesSaved: [{ rules: [{ name: "Star", condition: [], result: { star: true } }] }],
  ListFollowed: [{ listId: FEED, userId: "u1", view: 1, createdAt: AT }],
  ListUnfollowed: [{ listId: FEED }],
  SearchSaved: [
    { searchId: FEED, name: "Bread", keyword: "bread", filters: { view: 0 }, createdAt: AT },
  ],
  SavedSearchRenamed: [{ searchId: FEED, name: "Loaves" }],
  SavedSearchDeleted: [{ searchId: FEED }],
  HighlightCreated: [
    {
      id: FEED,
      entryId: ENTRY,
      color: "yellow",
      note: "",
      exact: "fox",
      prefix: "the ",
      suffix: " runs",
      start: 4,
      end: 7,
      createdAt: AT,
      updatedAt: AT,
    },
  ],
  HighlightRecolored: [{ id: FEED, color: "blue", updatedAt: AT }],
  HighlightAnnotated: [{ id: FEED, note: "Quick", updatedAt: AT }],
  HighlightDeleted: [{ id: FEED }],
  ReadingPositionSaved: [
    {
      entryId: ENTRY,
      deviceId: "device-1",
      kind: "article",
      fraction: 0.4,
      quote: "the fox",
      seconds: 0,
      updatedAt: AT,
    },
  ],
  EntryTagged: [{ entryId: ENTRY, tag: "foxes", createdAt: AT }],
  EntryUntagged: [{ entryId: ENTRY, tag: "foxes" }],
  TagRenamed: [{ from: "foxes", to: "animals" }],
};

// The test's own reading of a statement's target table: the declarations must cover it.
const WRITE_TARGET = /^\s*(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)/i;

describe("materializers", () => {
  it("write only declared tables, each statement naming the table it writes", () => {
    const declared = LOCAL_TABLES.map((table) => table.name as string);
    for (const [name, shapes] of Object.entries(samples)) {
      const events = shapes.map((data) => ({ name, data }) as DomainEvent);
      const statements = events.flatMap(materialize);
      const written = new Set(statements.map((s) => WRITE_TARGET.exec(s.sql)?.[1]));
      for (const statement of statements) {
        if (statement.writes) expect(statement.sql).toMatch(WRITE_TARGET);
        if (statement.writes) expect(WRITE_TARGET.exec(statement.sql)?.[1]).toBe(statement.writes);
      }
      expect([...written].sort(), name).toEqual([...tablesWritten(events)].sort());
      for (const table of written) expect(declared).toContain(table);
    }
  });

  it("decode every sample with the event's Schema, under the name it is stored as", () => {
    for (const [name, shapes] of Object.entries(samples)) {
      for (const data of shapes) {
        const event = { name, data } as DomainEvent;
        const replayed = decodeEvent(storedNameOf(event), JSON.parse(JSON.stringify(data)));
        expect(replayed, name).toEqual(event);
      }
    }
  });
});
