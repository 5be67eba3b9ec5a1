import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../../server/db/connect.ts";
import { ICON_MAX_BYTES } from "../../server/icons/feed-icons.ts";
import { FeedServer } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const PNG = readFileSync(join(import.meta.dirname, "../../public/icons/icon-192.png"));
/** A 1×1 ICO holding a PNG: header (reserved 0, type 1, one image), one directory entry. */
const ICO = Buffer.concat([
  Buffer.from([0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 32, 0]),
  Buffer.from([PNG.length & 0xff, (PNG.length >> 8) & 0xff, 0, 0, 22, 0, 0, 0]),
  PNG,
]);
/** Starts like a PNG, but past the icon limit. */
const HUGE_PNG = Buffer.concat([PNG, Buffer.alloc(ICON_MAX_BYTES + 1)]);

function channel(title: string, site: string, image?: string) {
  return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>${title}</title><link>${site}</link>
<description>${title}</description>${image ? `<image><url>${image}</url><title>${title}</title><link>${site}</link></image>` : ""}
<item><guid>${title}-1</guid><title>${title} one</title></item></channel></rss>`;
}

function bytes(feeds: FeedServer, path: string, body: Buffer | string, type: string) {
  return feeds.route(path, (_request, response) => {
    response.writeHead(200, { "content-type": type }).end(body);
  });
}

/**
 * Site icons are fetched on the server after a refresh, through the guarded fetcher, checked by
 * their bytes and size, kept, and served only to those who may read the feed.
 */
describe.each(DIALECTS)("feed icons on %s", (dialect) => {
  let server: TestServer;
  let database: DatabaseHandle;
  const site = new FeedServer();
  /** A second origin, for the /favicon.ico fallback (the first has none). */
  const other = new FeedServer();
  let alice: TestClient;
  let bob: TestClient;

  beforeAll(async () => {
    await site.start();
    await other.start();
    server = await startTestServer(dialect, {
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      FEED_ICONS: "true",
      // Rounds run when the test asks (runIngestion), never on their own.
      INGEST_POLL_SECONDS: "3600",
    });
    database = connectDatabase({
      databaseUrl: server.postgres?.url,
      databasePath: `${server.dataDir}/follow.sqlite`,
      databasePoolMax: 2,
    });
    alice = new TestClient(server.localUrl);
    bob = new TestClient(server.localUrl);
    expect((await alice.signUp(uniqueEmail("icons-a"))).status).toBe(200);
    expect((await bob.signUp(uniqueEmail("icons-b"))).status).toBe(200);
  });
  afterAll(async () => {
    await database?.close();
    await server?.close();
    await site.stop();
    await other.stop();
  });

  async function subscribe(client: TestClient, url: string): Promise<string> {
    const answer = await client.request("POST", "/api/subscriptions", { json: { url } });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.feed.id as string;
  }

  /** One refresh round of these feeds, then the icon looks it asked for. */
  async function refresh(ids: string[]) {
    await database.db
      .updateTable("feed")
      .set({ next_check_at: "2000-01-01T00:00:00.000Z" })
      .where("id", "in", ids)
      .execute();
    await server.runIngestion();
    await server.feedIconsIdle();
  }

  const icon = (client: TestClient, id: string) =>
    client.request("GET", `/api/feeds/icon?id=${id}`);

  it("keeps each feed's icon: its own image, the site's declared icon, the site's favicon", async () => {
    const own = subscribe(
      alice,
      site.serve("/own.xml", channel("Own", site.url("/"), site.url("/img/own.png"))),
    );
    bytes(site, "/img/own.png", PNG, "image/png");
    site.serve(
      "/declared/",
      `<!doctype html><html><head><link rel="stylesheet" href="/s.css">
<link rel="shortcut icon" href="/img/declared.ico"></head><body></body></html>`,
      "text/html; charset=utf-8",
    );
    bytes(site, "/img/declared.ico", ICO, "image/vnd.microsoft.icon");
    const declared = subscribe(
      alice,
      site.serve("/declared.xml", channel("Declared", site.url("/declared/"))),
    );
    other.serve("/", "<!doctype html><title>No icon here</title>", "text/html");
    bytes(other, "/favicon.ico", ICO, "image/x-icon");
    const favicon = subscribe(alice, other.serve("/fav.xml", channel("Fav", other.url("/"))));
    const ids = await Promise.all([own, declared, favicon]);
    // Before any refresh, nothing is kept: the app shows the initials.
    expect((await icon(alice, ids[0]!)).status).toBe(204);

    await refresh(ids);
    const [ownIcon, declaredIcon, faviconIcon] = await Promise.all(
      ids.map((id) => icon(alice, id)),
    );
    expect(ownIcon!.status).toBe(200);
    expect(ownIcon!.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(ownIcon!.text, "latin1").length).toBeGreaterThan(0);
    expect(ownIcon!.headers.get("x-content-type-options")).toBe("nosniff");
    expect(ownIcon!.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(ownIcon!.headers.get("cache-control")).toMatch(/^private, max-age=\d{6,}$/);
    expect(Number(ownIcon!.headers.get("content-length"))).toBe(PNG.length);
    expect(declaredIcon!.status).toBe(200);
    expect(declaredIcon!.headers.get("content-type")).toBe("image/x-icon");
    expect(faviconIcon!.status).toBe(200);
    expect(faviconIcon!.headers.get("content-type")).toBe("image/x-icon");
    // The bytes are the site's, kept under the data directory.
    expect(readFileSync(join(server.dataDir, "feed-icons", `${ids[0]}.img`))).toEqual(PNG);

    // A week is not over: the next refresh does not fetch the icon again.
    const hits = site.hits.get("/img/own.png");
    await refresh([ids[0]!]);
    expect(site.hits.get("/img/own.png")).toBe(hits);
  });

  it("refuses what is not an image, and an icon past the size limit", async () => {
    bytes(site, "/img/page.png", "<html><script>alert(1)</script></html>", "image/png");
    bytes(site, "/img/vector.svg", '<svg xmlns="http://www.w3.org/2000/svg"/>', "image/svg+xml");
    bytes(site, "/img/huge.png", HUGE_PNG, "image/png");
    site.serve(
      "/refusing/",
      '<html><head><link rel="icon" href="/img/vector.svg"><link rel="icon" href="/img/huge.png"></head></html>',
      "text/html",
    );
    const notImage = await subscribe(
      alice,
      site.serve(
        "/not-image.xml",
        channel("NotImage", site.url("/nowhere/"), site.url("/img/page.png")),
      ),
    );
    const huge = await subscribe(
      alice,
      site.serve("/huge.xml", channel("Huge", site.url("/refusing/"))),
    );
    await refresh([notImage, huge]);
    expect(site.hits.get("/img/page.png")).toBeGreaterThan(0);
    expect(site.hits.get("/img/huge.png")).toBeGreaterThan(0);
    // Never fetched: an SVG can carry script.
    expect(site.hits.get("/img/vector.svg")).toBeUndefined();
    for (const id of [notImage, huge]) {
      const answer = await icon(alice, id);
      expect(answer.status).toBe(204);
      expect(answer.text).toBe("");
      expect(existsSync(join(server.dataDir, "feed-icons", `${id}.img`))).toBe(false);
    }
  });

  it("serves a private feed's icon to its subscriber only", async () => {
    const url = site.serve(
      "/private.xml",
      channel("Private", site.url("/"), site.url("/img/private.png")),
    );
    bytes(site, "/img/private.png", PNG, "image/png");
    // A query string makes the URL a secret (feed-url-privacy.ts): reached only by who knows it.
    const id = await subscribe(alice, `${url}?key=s3cret-token`);
    await refresh([id]);
    expect((await icon(alice, id)).status).toBe(200);
    const refused = await icon(bob, id);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe(2001);
    expect(refused.headers.get("content-type")).toMatch(/json/);
    // Without a session, nothing.
    expect(
      (await new TestClient(server.localUrl).request("GET", `/api/feeds/icon?id=${id}`)).status,
    ).toBe(401);
    expect((await icon(alice, "not-an-id")).body.code).toBe(1002);
  });
});
