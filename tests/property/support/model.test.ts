import { describe, expect, it } from "vitest";
import { ServerModel } from "./model.ts";

// Two feeds of three entries, with times one day apart, as the universe of a property run has.
const feeds = ["f0", "f1"].map((id) => ({
  id,
  url: `http://127.0.0.1/${id}.xml`,
  entries: [0, 1, 2].map((i) => ({
    id: `${id}e${i}`,
    publishedAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
  })),
}));
const feedOfEntry = new Map(feeds.flatMap((f) => f.entries.map((e) => [e.id, f.id] as const)));

const newModel = () => new ServerModel({ feeds, feedOfEntry });
const readOf = (model: ServerModel) => model.state().read;

/** The server keeps a read history: following a feed anew never un-reads what was read. */
describe("sync property model: following a feed again", () => {
  it("keeps entries read that were marked read before unsubscribing", () => {
    const model = newModel();
    model.apply("subscriptions.subscribe", { feedId: "f0" });
    model.apply("entries.markRead", { entryIds: ["f0e1"] });
    model.apply("subscriptions.unsubscribe", { feedIds: ["f0"] });
    model.apply("subscriptions.subscribe", { feedId: "f0", view: 1 });
    expect(readOf(model)).toEqual({ f0e0: false, f0e1: true, f0e2: false });
    expect(model.state().unread).toEqual({ f0: 2 });
  });

  it("keeps entries read that mark-all-read (view, feed list, excluding private) marked", () => {
    const model = newModel();
    model.apply("subscriptions.subscribe", { feedId: "f0", view: 1 });
    model.apply("subscriptions.subscribe", { feedId: "f1", view: 1, isPrivate: true });
    model.apply("entries.markAllRead", {
      view: 1,
      feedIdList: ["f0", "f1"],
      excludePrivate: true,
      endTime: feeds[0]!.entries[1]!.publishedAt,
    });
    model.apply("subscriptions.unsubscribe", { feedIds: ["f0", "f1"] });
    model.apply("subscriptions.subscribe", { feedId: "f0" });
    model.apply("subscriptions.subscribe", { feedId: "f1" });
    expect(readOf(model)).toEqual({
      f0e0: true,
      f0e1: true,
      f0e2: false,
      // The private subscription was left out of mark-all-read: nothing of it was read.
      f1e0: false,
      f1e1: false,
      f1e2: false,
    });
  });

  it("keeps a read entry read even after it was marked unread again", () => {
    const model = newModel();
    model.apply("subscriptions.subscribe", { feedId: "f0" });
    model.apply("entries.markRead", { entryIds: ["f0e0"] });
    expect(model.apply("entries.markUnread", { entryId: "f0e0" })).toBe(true);
    model.apply("subscriptions.unsubscribe", { feedIds: ["f0"] });
    model.apply("subscriptions.subscribe", { feedId: "f0" });
    expect(readOf(model).f0e0).toBe(true);
  });

  it("starts unread an entry marked read while its feed was not followed", () => {
    const model = newModel();
    model.apply("entries.markRead", { entryIds: ["f0e2"] });
    model.apply("subscriptions.subscribe", { feedId: "f0" });
    expect(readOf(model)).toEqual({ f0e0: false, f0e1: false, f0e2: false });
  });
});
