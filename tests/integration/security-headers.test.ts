import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../../server/db/connect.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array(200).fill(7)]);
const PASSWORD = "hunter2-but-longer!";
const FEED_TOKEN = "Zx81QpTokenOfAlice";
const FEED_PASSWORD = "alices-feed-password";

/**
 * What every answer tells the browser and the log: a strict Permissions-Policy, a file's own
 * sandbox CSP kept, no source maps from a production build, and no feed credential in the log.
 */
describe.each(DIALECTS)("security headers and logs on %s", (dialect) => {
  let server: TestServer;
  let database: DatabaseHandle;
  let feeds: FeedServer;
  let client: string;
  let alice: TestClient;

  beforeAll(async () => {
    client = mkdtempSync(join(tmpdir(), "follow-client-"));
    mkdirSync(join(client, "assets"));
    writeFileSync(join(client, "index.html"), "<!doctype html><title>Follow</title>");
    writeFileSync(join(client, "assets", "app-1234.js"), "console.log(1);\n");
    writeFileSync(join(client, "assets", "app-1234.js.map"), '{"version":3,"sources":["x.ts"]}');
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      CLIENT_DIST_DIR: client,
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    database = connectDatabase({
      databaseUrl: server.postgres?.url,
      databasePath: join(server.dataDir, "follow.sqlite"),
      databasePoolMax: 2,
    });
    alice = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("alice-headers"), PASSWORD);
  });
  afterAll(async () => {
    await database?.close();
    await server?.close();
    await feeds?.stop();
    rmSync(client, { recursive: true, force: true });
  });

  it("sends a Permissions-Policy that turns off device, payment and location features", async () => {
    for (const path of ["/", "/api/health", "/assets/app-1234.js"]) {
      const answer = await fetch(new URL(path, server.localUrl));
      const policy = answer.headers.get("permissions-policy") ?? "";
      for (const off of ["camera=()", "microphone=()", "geolocation=()", "payment=()", "usb=()"]) {
        expect(policy, `${path} ${off}`).toContain(off);
      }
      // What the reader uses stays on: copying links, full-screen video in embedded players.
      expect(policy).toContain("clipboard-write=(self)");
      expect(policy).toContain('fullscreen=(self "https://www.youtube-nocookie.com"');
    }
  });

  it("keeps an avatar's own sandbox CSP instead of the app's", async () => {
    const uploaded = await alice.request("POST", "/api/uploads/avatar", {
      body: PNG as unknown as string,
      headers: { "content-type": "image/png" },
    });
    expect(uploaded.status).toBe(200);
    const served = await fetch(new URL(uploaded.body.data.url, server.localUrl));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    // The app's pages keep the app's policy.
    const page = await fetch(new URL("/", server.localUrl));
    expect(page.headers.get("content-security-policy")).toContain("default-src 'self'");
  });

  it("does not serve source maps", async () => {
    expect((await fetch(new URL("/assets/app-1234.js", server.localUrl))).status).toBe(200);
    for (const path of ["/assets/app-1234.js.map", "/assets/APP-1234.JS.MAP", "/missing.js.map"]) {
      const answer = await fetch(new URL(path, server.localUrl));
      expect(answer.status, path).toBe(404);
      expect(await answer.text()).not.toContain('"sources"');
    }
  });

  it("writes no feed credential to the log when refreshing", async () => {
    let fetched = 0;
    const path = `/private-${dialect}.xml`;
    const body = rssFeed("Alice's paid podcast", [{ guid: "p1", title: "P1" }]);
    feeds.route(path, (_request, response) => {
      fetched++;
      // Fine for the subscription and the first refresh, then the site fails.
      if (fetched <= 2)
        response.writeHead(200, { "content-type": "application/rss+xml" }).end(body);
      else response.writeHead(500, { "content-type": "text/plain" }).end("down");
    });
    const base = new URL(feeds.url(path));
    base.username = "alice";
    base.password = FEED_PASSWORD;
    base.search = `token=${FEED_TOKEN}`;
    const subscribed = await alice.request("POST", "/api/subscriptions", {
      json: { url: base.href, view: 0 },
    });
    expect(subscribed.status).toBe(200);
    const feedId = subscribed.body.feed.id as string;
    const due = () =>
      database.db
        .updateTable("feed")
        .set({ next_check_at: "2000-01-01T00:00:00.000Z" })
        .where("id", "=", feedId)
        .execute();
    await due();
    await server.runIngestion();
    await due();
    await server.runIngestion();
    expect(fetched).toBeGreaterThanOrEqual(3);
    const lines = server.logs.filter((line) => line.feedId === feedId);
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(["feed refreshed", "feed refresh failed"]),
    );
    const written = JSON.stringify(server.logs);
    expect(written).not.toContain(FEED_TOKEN);
    expect(written).not.toContain(FEED_PASSWORD);
    // The feed is still named: its host and path stay.
    expect(lines.some((line) => String(line.url).includes(path))).toBe(true);
  });
});
