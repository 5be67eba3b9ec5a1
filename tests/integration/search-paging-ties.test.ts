import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

/**
 * Paging when many entries share one publish time: 25 of 31 matches at one instant, pages of
 * 7. Newest first pages by the keyset cursor (publishedBefore + beforeId), best first by
 * offset, the timeline by publishedAfter: every entry exactly once, in order.
 */
const TIED = 25;
const PAGE = 7;
const AT = Date.parse("2026-03-10T08:00:00Z");

interface Hit {
  entries: { id: string; publishedAt: string };
}

const items = [
  ...Array.from({ length: 3 }, (_, i) => ({ guid: `newer-${i}`, at: AT + (i + 1) * 60_000 })),
  ...Array.from({ length: TIED }, (_, i) => ({ guid: `tied-${i}`, at: AT })),
  ...Array.from({ length: 3 }, (_, i) => ({ guid: `older-${i}`, at: AT - (i + 1) * 60_000 })),
].map(({ guid, at }) => ({ guid, title: "Kettle news", date: new Date(at) }));

/** Newest first, ties by id descending (the order the server promises). */
function newestOrder(hits: Hit[]): string[] {
  return [...hits]
    .sort((a, b) =>
      a.entries.publishedAt === b.entries.publishedAt
        ? a.entries.id < b.entries.id
          ? 1
          : -1
        : a.entries.publishedAt < b.entries.publishedAt
          ? 1
          : -1,
    )
    .map((hit) => hit.entries.id);
}

describe.each(DIALECTS)("paging entries that share a publish time on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let reader: TestClient;

  const search = async (json: Record<string, unknown>) => {
    const response = await reader.request("POST", "/api/search", { json });
    expect(response.status).toBe(200);
    return response.body.data as { entries: Hit[]; hasMore: boolean };
  };

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      RATE_LIMIT_MAX: "100000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    const url = feeds.serve("/kettles.xml", rssFeed("Kettles", items));
    reader = new TestClient(server.localUrl);
    await reader.signUp(uniqueEmail("ties"));
    const subscribed = await reader.request("POST", "/api/subscriptions", {
      json: { url, view: 0 },
    });
    expect(subscribed.status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("pages newest first by keyset: every match once, in order, none skipped", async () => {
    const seen: Hit[] = [];
    let cursor: Record<string, string> = {};
    for (let page = 0; page < 20; page++) {
      const data = await search({
        keyword: "kettle",
        type: "entries",
        order: "newest",
        limit: PAGE,
        ...cursor,
      });
      expect(data.entries.length).toBeLessThanOrEqual(PAGE);
      seen.push(...data.entries);
      if (!data.hasMore) break;
      const last = data.entries.at(-1)!;
      cursor = { publishedBefore: last.entries.publishedAt, beforeId: last.entries.id };
    }
    const ids = seen.map((hit) => hit.entries.id);
    expect(ids).toHaveLength(items.length);
    expect(new Set(ids).size).toBe(items.length);
    expect(ids).toEqual(newestOrder(seen));
    // Pages of 7 cut the run of 25 several times: the cursor held inside it.
    expect(
      seen.filter((hit) => hit.entries.publishedAt === new Date(AT).toISOString()),
    ).toHaveLength(TIED);
  });

  it("pages best first by offset in one stable order", async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < 100; offset += PAGE) {
      const data = await search({ keyword: "kettle", type: "entries", limit: PAGE, offset });
      seen.push(...data.entries.map((hit) => hit.entries.id));
      if (!data.hasMore) break;
    }
    expect(seen).toHaveLength(items.length);
    expect(new Set(seen).size).toBe(items.length);
  });

  it("pages the ordinary timeline (POST /entries) without skipping or repeating ties", async () => {
    const seen: Hit[] = [];
    let cursor: Record<string, string> = {};
    for (let page = 0; page < 20; page++) {
      const response = await reader.request("POST", "/api/entries", {
        json: { view: 0, limit: PAGE, ...cursor },
      });
      expect(response.status).toBe(200);
      const data = response.body.data as Hit[];
      seen.push(...data);
      if (data.length < PAGE) break;
      cursor = { publishedAfter: data.at(-1)!.entries.publishedAt };
    }
    const ids = seen.map((hit) => hit.entries.id);
    expect(ids).toHaveLength(items.length);
    expect(new Set(ids).size).toBe(items.length);
    expect(ids).toEqual(newestOrder(seen));
  });
});
