import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../../server/db/connect.ts";
import { createFetcher, type Fetcher } from "../../server/ingest/guarded-fetch.ts";
import { refreshFeed } from "../../server/jobs/refresh-feed.ts";
import { createLogger } from "../../server/logger.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

/**
 * Rule regexes cannot stall the server: patterns RE2 cannot run are refused when saved, and a
 * rule stored before that (with a pattern that backtracks exponentially in a JavaScript regex)
 * neither stalls nor fails the storing of a feed whose titles are made to trigger it.
 */
const logger = createLogger({ logLevel: "silent" });
const regexRule = (name: string, value: string, result: object) => ({
  name,
  condition: [{ field: "entry_title", operator: "regex", value }],
  result,
});

describe.each(DIALECTS)("rule regex safety on %s", (dialect) => {
  let server: TestServer;
  let database: DatabaseHandle;
  let fetcher: Fetcher;
  let feeds: FeedServer;
  let alice: TestClient;
  const email = uniqueEmail("rule-safety");
  // 40 characters: a backtracking engine needs about 2^40 steps for ^(a|a)*$ on it.
  const hostile = `${"a".repeat(40)}!`;
  let items = [{ guid: "first", title: "Harmless", date: new Date(Date.UTC(2026, 0, 1)) }];
  let feedUrl: string;
  let feedId: string;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_SCHEDULER: "false",
    });
    database = connectDatabase({
      databaseUrl: server.postgres?.url,
      databasePath: `${server.dataDir}/follow.sqlite`,
      databasePoolMax: 2,
    });
    fetcher = createFetcher({ allowPrivateNetworks: ["127.0.0.1/32"], timeoutMs: 5_000 });
    alice = new TestClient(server.localUrl);
    await alice.signUp(email);
    feedUrl = feeds.serve("/hostile.xml", () => rssFeed("Hostile titles", items));
    const subscribed = await alice.request("POST", "/api/subscriptions", {
      json: { url: feedUrl, view: 0 },
    });
    feedId = subscribed.body.feed.id;
  });
  afterAll(async () => {
    await fetcher?.close();
    await database?.close();
    await server?.close();
    await feeds?.stop();
  });

  const put = (rules: object[]) => alice.request("PUT", "/api/actions", { json: { rules } });

  it("refuses at save what RE2 cannot run, naming the syntax, with 1002", async () => {
    const backReference = await put([regexRule("Repeat", "^(a|a)*\\1$", { star: true })]);
    expect(backReference.status).toBe(400);
    expect(backReference.body.code).toBe(1002);
    expect(backReference.body.reason).toMatch(/rule 1 \(Repeat\): back-references .*RE2/);
    const lookaround = await put([regexRule("Ahead", "^(?=(a|a)*$)", { star: true })]);
    expect(lookaround.body.code).toBe(1002);
    expect(lookaround.body.reason).toMatch(/lookahead and lookbehind .*not supported/);
    // Exponential for a backtracking engine, linear for RE2: taken.
    expect((await put([regexRule("Only a", "^(a|a)*$", { silence: true })])).body).toEqual({
      code: 0,
    });
  });

  it("stores a feed with hostile titles beside legacy rules, answering requests meanwhile", async () => {
    const user = await database.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    // Rules saved before patterns ran on RE2: both would now be refused.
    const legacy = [
      regexRule("Legacy lookahead", "^(?=(a|a)*$)", { star: true }),
      regexRule("Legacy back-reference", "^(a|a)*\\1$", { star: true }),
      regexRule("Only a", "^(a|a)*$", { silence: true }),
      // Not even the shape of a rule: matches nothing, fails nothing.
      { name: "Unreadable", condition: [{ field: "entry_title", operator: "regex", value: 42 }] },
    ];
    await database.db
      .updateTable("action_rule")
      .set({ rules: JSON.stringify(legacy) })
      .where("user_id", "=", user.id)
      .execute();
    items = [
      { guid: "hostile", title: hostile, date: new Date(Date.UTC(2026, 0, 3)) },
      { guid: "only-a", title: "a".repeat(36), date: new Date(Date.UTC(2026, 0, 2)) },
      ...items,
    ];
    const feed = await database.db
      .selectFrom("feed")
      .selectAll()
      .where("id", "=", feedId)
      .executeTakeFirstOrThrow();
    const storing = refreshFeed(database, fetcher, feed, "test-worker", logger);
    // The server (in this process) answers while the feed is being stored.
    const answered = await alice.request("GET", "/api/actions");
    expect(answered.status).toBe(200);
    expect(answered.body.data.rules).toHaveLength(4);
    const outcome = await storing;
    expect(outcome.ok).toBe(true);

    const listed = (await alice.request("POST", "/api/entries", { json: { feedId } })).body
      .data as { entries: { title: string }; read: boolean }[];
    const byTitle = new Map(listed.map((item) => [item.entries.title, item]));
    // The rule RE2 runs still works; the ones it cannot run match nothing (no star).
    expect(byTitle.get("a".repeat(36))?.read).toBe(true);
    expect(byTitle.get(hostile)?.read).toBe(false);
    const stars = (await alice.request("POST", "/api/entries", { json: { isCollection: true } }))
      .body.data;
    expect(stars).toEqual([]);
  });
});
