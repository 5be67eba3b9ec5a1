import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedServer } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import type { TestServer } from "../support/server.ts";
import { openEntry, quickAdd, recentFeed, signUp } from "./support/reader.ts";
import { type ReaderWorld, startReaderWorld } from "./support/world.ts";

/** "Who read this": co-subscribers who read the entry, by batched profiles; never private ones. */
describe("who read this (Chromium)", () => {
  let world: ReaderWorld;
  let server: TestServer;
  let feeds: FeedServer;
  let page: Page;

  beforeAll(async () => {
    world = await startReaderWorld((f) =>
      f.serve("/shared.xml", recentFeed("Shared", "shared", 3)),
    );
    ({ server, feeds, page } = world);
  });
  afterAll(() => world?.close());

  /** A co-subscriber (through the API) who reads the newest entry; returns its id. */
  async function coReader(name: string, isPrivate: boolean) {
    const client = new TestClient(server.localUrl);
    await client.signUp(uniqueEmail(name.toLowerCase()), "correct horse battery", name);
    const subscribed = await client.request("POST", "/api/subscriptions", {
      json: { url: feeds.url("/shared.xml"), view: 0, isPrivate },
    });
    expect(subscribed.status).toBe(200);
    const list = await client.request("POST", "/api/entries", {
      json: { feedId: subscribed.body.feed.id },
    });
    const newest = list.body.data[0].entries.id as string;
    expect(
      (await client.request("POST", "/api/reads", { json: { entryIds: [newest] } })).status,
    ).toBe(200);
    return newest;
  }

  it("shows the public co-reader's avatar on the entry, not the private one", async () => {
    const entryId = await coReader("Bea", false);
    await coReader("Quinn", true);
    await signUp(page, server.localUrl);
    await quickAdd(page, feeds.url("/shared.xml"));
    await openEntry(page, entryId);
    const readers = page.getByTestId("entry-reader");
    await expect.poll(() => readers.count(), { timeout: 15_000 }).toBe(1);
    expect(await readers.first().getAttribute("title")).toBe("Bea");
    expect(await page.getByTestId("entry-readers").textContent()).not.toContain("Quinn");
  });
});
