import { readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase } from "../../server/db/connect.ts";
import { registry } from "../../server/metrics/registry.ts";
import { FakeChatServer } from "../support/fake-chat-server.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { browserKeys, PushReceiver } from "../support/push-receiver.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const TOKEN = "scrape-token-for-tests";
const UNKNOWN_ENTRY = "1234567890123";

/** One sample's value from Prometheus text, by metric name and a label subset. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) {
      return Number(line.slice(line.lastIndexOf(" ") + 1));
    }
  }
  return null;
}

describe.each(DIALECTS)("GET /metrics with a token on %s", (dialect) => {
  let server: TestServer;
  const scrape = (token = TOKEN) =>
    fetch(`${server.localUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    server = await startTestServer(dialect, { METRICS_TOKEN: TOKEN });
  });
  afterAll(() => server?.close());

  it("refuses a scrape without the token, or with another", async () => {
    expect((await fetch(`${server.localUrl}/metrics`)).status).toBe(401);
    expect((await scrape("not-the-token-at-all!!")).status).toBe(401);
  });

  it("labels requests by endpoint name and status, never by a path with ids", async () => {
    const alice = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("metrics"));
    await alice.request("GET", "/api/health");
    const key = `replay-${Date.now()}`;
    const unmark = () =>
      alice.request("DELETE", "/api/reads", {
        json: { entryId: UNKNOWN_ENTRY },
        headers: { "idempotency-key": key },
      });
    const first = await unmark();
    const again = await unmark();
    expect(again.status).toBe(first.status);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    await alice.request("GET", `/api/entries/read-histories/${UNKNOWN_ENTRY}`);

    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(
      sample(text, "follow_http_requests_total", { route: "health.get", status: "200" }),
    ).toBeGreaterThanOrEqual(1);
    // The replay is answered before the route runs: still named by the table.
    const unmarks = text
      .split("\n")
      .filter((line) => line.startsWith('follow_http_requests_total{route="reads.markUnread"'))
      .reduce((total, line) => total + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
    expect(unmarks).toBeGreaterThanOrEqual(2);
    expect(
      sample(text, "follow_http_request_duration_seconds_count", { route: "health.get" }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, "follow_outbox_replays_total")).toBeGreaterThanOrEqual(1);
    // The entry's id is in the path it was asked at, never in a label.
    expect(text).not.toContain(UNKNOWN_ENTRY);
    expect(
      sample(text, "follow_http_requests_total", { route: "entries.readHistories" }),
    ).toBeGreaterThanOrEqual(1);
  });

  it("reports process, database and ingestion gauges", async () => {
    const text = await (await scrape()).text();
    for (const name of [
      "nodejs_eventloop_lag_p99_seconds",
      "nodejs_heap_size_used_bytes",
      "process_resident_memory_bytes",
      "follow_feeds_due",
      "follow_live_change_streams",
    ]) {
      expect(sample(text, name), name).not.toBeNull();
    }
    expect(sample(text, "follow_database_up")).toBe(1);
    if (dialect === "postgres") {
      expect(
        sample(text, "follow_database_pool_connections", { state: "total" }),
      ).toBeGreaterThanOrEqual(1);
    }
  });

  it("tells the public only that the server is up", async () => {
    const health = await new TestClient(server.localUrl).request("GET", "/api/health");
    expect(health.body).toEqual({ status: "ok" });
  });
});

describe("feed refresh metrics", () => {
  let server: TestServer;
  let feeds: FeedServer;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    feeds.serve("/metered.xml", rssFeed("Metered", [{ guid: "m-1", title: "One" }]));
    server = await startTestServer("sqlite", {
      METRICS_TOKEN: TOKEN,
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
    });
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("counts scheduled refreshes by result, their lag, and the feeds due", async () => {
    const scrape = async () =>
      (
        await fetch(`${server.localUrl}/metrics`, {
          headers: { authorization: `Bearer ${TOKEN}` },
        })
      ).text();
    const alice = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("metered"));
    const subscribed = await alice.request("POST", "/api/subscriptions", {
      json: { url: `${feeds.baseUrl}/metered.xml` },
    });
    expect(subscribed.status, subscribed.text).toBe(200);
    const database = connectDatabase({ databasePath: `${server.dataDir}/follow.sqlite` });
    try {
      // Due an hour ago: one feed waiting, then refreshed about an hour late.
      const due = new Date(Date.now() - 3_600_000).toISOString();
      await database.db.updateTable("feed").set({ next_check_at: due }).execute();
    } finally {
      await database.close();
    }
    const before = (await scrape()).split("\n");
    expect(sample(before.join("\n"), "follow_feeds_due")).toBe(1);
    const fetchedBefore = fetchedTotal(before.join("\n"));
    await server.runIngestion();
    const after = await scrape();
    expect(fetchedTotal(after)).toBe(fetchedBefore + 1);
    expect(sample(after, "follow_feeds_due")).toBe(0);
    expect(sample(after, "follow_ingest_lag_seconds_bucket", { le: "1800" })).toBeLessThan(
      sample(after, "follow_ingest_lag_seconds_count")!,
    );
  });
});

/** Every result's refreshes added up. */
function fetchedTotal(text: string): number {
  return text
    .split("\n")
    .filter((line) => line.startsWith("follow_feed_fetches_total{"))
    .reduce((total, line) => total + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
}

/** Every labelled series of a counter added up (0 when none was written yet). */
function total(text: string, name: string, labels: Record<string, string> = {}): number {
  return text
    .split("\n")
    .filter(
      (line) =>
        line.startsWith(`${name}{`) &&
        Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)),
    )
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
}

const ARTICLE = Array.from(
  { length: 6 },
  (_, i) => `<p>Paragraph ${i} of a long enough article about the city's new tram lines.</p>`,
).join("");

describe("counters of SMTP intake, push sends, AI calls and unexpected errors", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let chat: FakeChatServer;
  let pushes: PushReceiver;
  let alice: TestClient;
  const scrape = async () =>
    (
      await fetch(`${server.localUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).text();

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    chat = await new FakeChatServer().start();
    pushes = await new PushReceiver().start();
    server = await startTestServer("sqlite", {
      METRICS_TOKEN: TOKEN,
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
      INBOX_SMTP_PORT: "0",
      INBOX_EMAIL_DOMAIN: "inbox.test",
      AI_BASE_URL: chat.baseUrl,
      AI_API_KEY: chat.apiKey,
      AI_MODEL: "test-model",
      VAPID_SUBJECT: "mailto:ops@follow.test",
    });
    alice = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("counted"));
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
    await chat?.stop();
    await pushes?.stop();
  });

  it("counts mail taken by the SMTP intake, by result", async () => {
    const handle = `counted-${Date.now().toString(36)}`;
    expect((await alice.request("POST", "/api/inboxes", { json: { handle } })).status).toBe(200);
    const before = await scrape();
    const mailer = nodemailer.createTransport({
      host: "127.0.0.1",
      port: server.smtpPort!,
      secure: false,
      ignoreTLS: true,
    });
    await mailer.sendMail({
      from: "a@example.com",
      to: `${handle}@inbox.test`,
      subject: "Counted",
      text: "One message",
    });
    await mailer.sendMail({
      from: "a@example.com",
      to: "nobody-holds-this@inbox.test",
      subject: "Dropped",
      text: "For nobody",
    });
    const after = await scrape();
    const stored = { result: "stored" };
    const dropped = { result: "dropped" };
    expect(total(after, "follow_smtp_messages_total", stored)).toBe(
      total(before, "follow_smtp_messages_total", stored) + 1,
    );
    expect(total(after, "follow_smtp_messages_total", dropped)).toBe(
      total(before, "follow_smtp_messages_total", dropped) + 1,
    );
  });

  it("counts push messages handed to a push service", async () => {
    const keys = browserKeys();
    const added = await alice.request("POST", "/api/push/subscriptions", {
      json: {
        endpoint: `${pushes.baseUrl}/counted`,
        keys: { p256dh: keys.p256dh, auth: keys.auth },
      },
    });
    expect(added.body.code).toBe(0);
    const before = await scrape();
    expect((await alice.request("POST", "/api/push/test", { json: {} })).body.data.sent).toBe(1);
    const after = await scrape();
    expect(total(after, "follow_push_sends_total", { result: "sent" })).toBe(
      total(before, "follow_push_sends_total", { result: "sent" }) + 1,
    );
  });

  it("counts and times calls to the AI provider", async () => {
    const url = feeds.serve(
      "/counted.xml",
      rssFeed("Counted", [{ guid: "long", title: "Trams", html: ARTICLE, date: new Date() }]),
    );
    const sub = await alice.request("POST", "/api/subscriptions", { json: { url, view: 0 } });
    const list = await alice.request("POST", "/api/entries", {
      json: { feedId: sub.body.feed.id },
    });
    const entryId = list.body.data[0].entries.id as string;
    const before = await scrape();
    const calls = chat.calls.length;
    const summary = await alice.request("GET", `/api/ai/summary?id=${entryId}&language=en`);
    expect(summary.body.kind).toBe("model");
    expect(chat.calls.length).toBe(calls + 1);
    const after = await scrape();
    expect(total(after, "follow_ai_calls_total", { result: "ok" })).toBe(
      total(before, "follow_ai_calls_total", { result: "ok" }) + 1,
    );
    expect(total(after, "follow_ai_call_duration_seconds_count", { result: "ok" })).toBe(
      total(before, "follow_ai_call_duration_seconds_count", { result: "ok" }) + 1,
    );
  });

  it("counts unexpected errors and reports the ingestion queue's depth", async () => {
    const before = await scrape();
    expect(sample(before, "follow_ingest_parse_queue")).toBe(0);
    // A table gone from under the server: the next read of it fails unexpectedly (500).
    const sqlite = new Database(join(server.dataDir, "follow.sqlite"));
    sqlite.exec("ALTER TABLE subscription RENAME TO subscription_gone");
    sqlite.close();
    expect((await alice.request("GET", "/api/categories")).status).toBe(500);
    const after = await scrape();
    expect(sample(after, "follow_unexpected_errors_total")).toBe(
      (sample(before, "follow_unexpected_errors_total") ?? 0) + 1,
    );
  });
});

describe("metrics on an operator-only address", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer("sqlite", { METRICS_LISTEN: "127.0.0.1:0" });
  });
  afterAll(() => server?.close());

  it("serves /metrics there without a token, and not on the public listener", async () => {
    expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const scraped = await fetch(server.metricsUrl!);
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain("follow_http_requests_total");
    const publicAnswer = await fetch(`${server.localUrl}/metrics`);
    expect(await publicAnswer.text()).not.toContain("follow_http_requests_total");
  });
});

describe("metrics with nothing configured", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer("sqlite");
  });
  afterAll(() => server?.close());

  it("answers /metrics as any other unknown path, with no metrics", async () => {
    const answer = await fetch(`${server.localUrl}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(await answer.text()).not.toContain("follow_http_requests_total");
    expect(server.metricsUrl).toBeUndefined();
  });
});

describe("the Grafana dashboard", () => {
  const dashboard = JSON.parse(
    readFileSync(join(import.meta.dirname, "../../ops/grafana/follow.json"), "utf8"),
  ) as { panels: { title: string; targets: { expr: string }[] }[] };

  it("charts only metrics the server registers", async () => {
    const known = new Set((await registry.getMetricsAsJSON()).map((metric) => metric.name));
    const used = new Set<string>();
    for (const panel of dashboard.panels) {
      expect(panel.targets.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets) {
        for (const name of target.expr.match(/\b(?:follow|nodejs|process)_[a-z0-9_]+/g) ?? []) {
          used.add(name.replace(/_(bucket|sum|count)$/, ""));
        }
      }
    }
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !known.has(name))).toEqual([]);
  });
});
