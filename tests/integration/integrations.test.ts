import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";
import { ServiceFakes } from "../support/service-fakes.ts";

const FEED = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Saved</title>
<link>https://example.com/</link><description>feed</description>
<item><guid>post-1</guid><title>A post worth saving</title><link>https://example.com/post-1</link>
<dc:creator>Ann Author</dc:creator><category>reading</category>
<pubDate>Mon, 01 Jun 2026 12:00:00 GMT</pubDate>
<description><![CDATA[<h2>Heading</h2><p>Some <strong>bold</strong> text.</p>]]></description></item>
</channel></rss>`;

const TOKEN = "rw-token-0123456789abcdef";
const COLLECTION_UUID = "7d5e0c8a-1b2c-4d3e-8f90-a1b2c3d4e5f6";

/** The save-to services (API-NOTES §3) against fakes that check each request's exact shape. */
/** What the server stored, read straight from its database (SQLite file or PostgreSQL). */
async function storedRows(server: TestServer) {
  const secretsSql = "SELECT name, ciphertext FROM integration_secret";
  const settingsSql = "SELECT payload FROM user_setting";
  if (server.postgres) {
    const client = new pg.Client({ connectionString: server.postgres.url });
    await client.connect();
    try {
      return {
        secrets: (await client.query(secretsSql)).rows as Array<{
          name: string;
          ciphertext: string;
        }>,
        settings: (await client.query(settingsSql)).rows as Array<{ payload: string }>,
      };
    } finally {
      await client.end();
    }
  }
  const db = new Database(join(server.dataDir, "follow.sqlite"), { readonly: true });
  try {
    return {
      secrets: db.prepare(secretsSql).all() as Array<{ name: string; ciphertext: string }>,
      settings: db.prepare(settingsSql).all() as Array<{ payload: string }>,
    };
  } finally {
    db.close();
  }
}

/** Rewrites one string value in every stored integration tab, straight in the database. */
async function rewriteSetting(server: TestServer, name: string, from: string, to: string) {
  const before = JSON.stringify({ [name]: from }).slice(1, -1);
  const after = JSON.stringify({ [name]: to }).slice(1, -1);
  if (server.postgres) {
    const client = new pg.Client({ connectionString: server.postgres.url });
    await client.connect();
    try {
      await client.query(
        "UPDATE user_setting SET payload = replace(payload, $1, $2) WHERE tab = 'integration'",
        [before, after],
      );
    } finally {
      await client.end();
    }
    return;
  }
  const db = new Database(join(server.dataDir, "follow.sqlite"));
  try {
    db.prepare(
      "UPDATE user_setting SET payload = replace(payload, ?, ?) WHERE tab = 'integration'",
    ).run(before, after);
  } finally {
    db.close();
  }
}

describe.each(DIALECTS)(
  "integrations on %s: settings secrets and saving to each service",
  (dialect) => {
    let server: TestServer;
    let feeds: FeedServer;
    let fakes: ServiceFakes;
    let alice: TestClient;
    let bob: TestClient;
    let entryId: string;

    const save = (service: string, extra: Record<string, unknown> = {}, client = alice) =>
      client.request("POST", "/api/integrations/save", { json: { service, entryId, ...extra } });
    const settle = (patch: Record<string, unknown>, client = alice) =>
      client.request("PATCH", "/api/settings/integration", { json: patch });

    beforeAll(async () => {
      feeds = await new FeedServer().start();
      fakes = await new ServiceFakes().start();
      server = await startTestServer(dialect, {
        AUTH_RATE_LIMIT_MAX: "1000",
        FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
        INGEST_POLL_SECONDS: "3600",
        READWISE_API_URL: `${fakes.baseUrl}/readwise`,
        INSTAPAPER_API_URL: `${fakes.baseUrl}/instapaper`,
        ZOTERO_API_URL: `${fakes.baseUrl}/zotero`,
      });
      alice = new TestClient(server.localUrl);
      bob = new TestClient(server.localUrl);
      await alice.signUp(uniqueEmail("alice-integrations"));
      await bob.signUp(uniqueEmail("bob-integrations"));
      const subscribed = await alice.request("POST", "/api/subscriptions", {
        json: { url: feeds.serve("/saved.xml", FEED), view: 0 },
      });
      const list = await alice.request("POST", "/api/entries", {
        json: { feedId: subscribed.body.feed.id },
      });
      entryId = list.body.data[0].entries.id;
    });
    afterAll(async () => {
      await server?.close();
      await feeds?.stop();
      await fakes?.stop();
    });

    it("keeps secrets encrypted on the server and answers only hints", async () => {
      expect(
        (
          await settle({
            enableReadwise: true,
            readwiseToken: TOKEN,
            saveSummaryAsDescription: true,
          })
        ).status,
      ).toBe(200);
      const tab = (await alice.request("GET", "/api/settings?tab=integration")).body.settings
        .integration;
      expect(tab).toEqual({
        enableReadwise: true,
        readwiseToken: "••••cdef",
        saveSummaryAsDescription: true,
      });
      // The form sent back with the hint changes nothing; the token still works below.
      await settle({ readwiseToken: "••••cdef" });

      const { secrets: rows, settings } = await storedRows(server);
      expect(rows.map((r) => r.name)).toEqual(["readwiseToken"]);
      expect(rows[0]!.ciphertext).toMatch(/^v1\./);
      expect(JSON.stringify(rows) + JSON.stringify(settings)).not.toContain(TOKEN);

      // Another user sees none of it, and cannot save to Alice's services.
      expect((await bob.request("GET", "/api/settings")).body.settings).toEqual({});
      const refused = await save("readwise", {}, bob);
      expect(refused.body.code).toBe(7000);
      expect(await settle({ readwiseToken: 42 })).toMatchObject({
        status: 400,
        body: { code: 7002 },
      });
    });

    it("Readwise: POST /api/v3/save/ with Token auth and the document; links to the answer's url", async () => {
      fakes.answer("POST /readwise/api/v3/save/", {
        status: 201,
        body: { id: "01abc", url: "https://read.readwise.io/read/01abc" },
      });
      const saved = await save("readwise");
      expect(saved.body).toEqual({ code: 0, data: { url: "https://read.readwise.io/read/01abc" } });
      const [request] = fakes.take();
      expect(request!.method).toBe("POST");
      expect(request!.headers.authorization).toBe(`Token ${TOKEN}`);
      expect(request!.headers["content-type"]).toBe("application/json");
      expect(JSON.parse(request!.body)).toEqual({
        url: "https://example.com/post-1",
        html: "<h2>Heading</h2><p>Some <strong>bold</strong> text.</p>",
        title: "A post worth saving",
        author: "Ann Author",
        summary: expect.stringContaining("Some bold text"),
        published_date: "2026-06-01T12:00:00.000Z",
        saved_using: "Follow",
      });

      fakes.answer("POST /readwise/api/v3/save/", {
        status: 401,
        body: { detail: "Invalid token." },
      });
      const failed = await save("readwise");
      expect(failed.status).toBe(422);
      expect(failed.body).toMatchObject({
        code: 3,
        reason: "Readwise answered 401: the access token was refused",
      });

      fakes.answer("GET /readwise/api/v2/auth/", { status: 204 });
      expect(
        (await alice.request("POST", "/api/integrations/test", { json: { service: "readwise" } }))
          .body,
      ).toEqual({
        code: 0,
        data: { ok: true },
      });
      expect(fakes.take().at(-1)).toMatchObject({ method: "GET", path: "/readwise/api/v2/auth/" });
    });

    it("Instapaper: POST /api/add?url=&title= with Basic auth; bookmark_id becomes instapaper.com/read/<id>", async () => {
      await settle({
        enableInstapaper: true,
        instapaperUsername: "ann@example.com",
        instapaperPassword: "pässword",
      });
      fakes.answer("POST /instapaper/api/add", {
        status: 201,
        body: [{ type: "bookmark", bookmark_id: 1234 }],
      });
      expect((await save("instapaper")).body.data).toEqual({
        url: "https://www.instapaper.com/read/1234",
      });
      const [request] = fakes.take();
      expect(request!.query).toEqual({
        url: "https://example.com/post-1",
        title: "A post worth saving",
      });
      expect(request!.headers.authorization).toBe(
        `Basic ${Buffer.from("ann@example.com:pässword").toString("base64")}`,
      );
      fakes.answer("POST /instapaper/api/add", { status: 403, body: "" });
      expect((await save("instapaper")).body.reason).toBe(
        "Instapaper answered 403: invalid username or password",
      );
      fakes.answer("POST /instapaper/api/add", { status: 400, body: "" });
      expect((await save("instapaper")).body.reason).toBe(
        "Instapaper answered 400: bad request or exceeded the rate limit",
      );
      fakes.take();
    });

    it("Outline: Bearer; collections.info for a non-UUID collection, then documents.create with Markdown", async () => {
      await settle({
        enableOutline: true,
        outlineEndpoint: `${fakes.baseUrl}/outline/api/`,
        outlineToken: "ol_api_0123456789abc",
        outlineCollection: "reading-list",
      });
      fakes.answer("POST /outline/api/collections.info", {
        status: 200,
        body: { data: { id: COLLECTION_UUID } },
      });
      fakes.answer("POST /outline/api/documents.create", {
        status: 200,
        body: { data: { id: "doc1", url: "/doc/a-post-worth-saving-x1" } },
      });
      expect((await save("outline")).body.data).toEqual({
        url: `${fakes.baseUrl}/doc/a-post-worth-saving-x1`,
      });
      const [info, create] = fakes.take();
      expect(info!.headers.authorization).toBe("Bearer ol_api_0123456789abc");
      expect(JSON.parse(info!.body)).toEqual({ id: "reading-list" });
      expect(create!.headers.authorization).toBe("Bearer ol_api_0123456789abc");
      expect(JSON.parse(create!.body)).toEqual({
        title: "A post worth saving",
        text: "## Heading\n\nSome **bold** text.\n",
        collectionId: COLLECTION_UUID,
        publish: true,
      });

      // A UUID collection is used as it is: no lookup.
      await settle({ outlineCollection: COLLECTION_UUID });
      await save("outline");
      expect(fakes.take().map((r) => r.path)).toEqual(["/outline/api/documents.create"]);
      fakes.answer("POST /outline/api/documents.create", {
        status: 401,
        body: { message: "Authentication required" },
      });
      expect((await save("outline")).body.reason).toBe(
        "Outline answered 401: the API key was refused",
      );
      fakes.take();
    });

    it("Readeck: multipart url and title with Bearer; the Location header is the link", async () => {
      await settle({
        enableReadeck: true,
        readeckEndpoint: `${fakes.baseUrl}/readeck`,
        readeckToken: "rd-token-abcdef123456",
      });
      fakes.answer("POST /readeck/api/bookmarks", {
        status: 202,
        body: { status: 202, message: "Link submited" },
        headers: { location: `${fakes.baseUrl}/readeck/api/bookmarks/bk42` },
      });
      expect((await save("readeck")).body.data).toEqual({
        url: `${fakes.baseUrl}/readeck/api/bookmarks/bk42`,
      });
      const [request] = fakes.take();
      expect(request!.headers.authorization).toBe("Bearer rd-token-abcdef123456");
      const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(
        request!.headers["content-type"]!,
      )![1]!;
      expect(request!.body).toBe(
        `--${boundary}\r\nContent-Disposition: form-data; name="url"\r\n\r\nhttps://example.com/post-1\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nA post worth saving\r\n--${boundary}--\r\n`,
      );
      fakes.answer("POST /readeck/api/bookmarks", {
        status: 422,
        body: { message: "invalid url" },
      });
      expect((await save("readeck")).body.reason).toBe("Readeck answered 422: invalid url");
      fakes.take();
    });

    it("sends a token only to the endpoint it was given for: a new endpoint needs it again", async () => {
      const oldToken = "rd-token-abcdef123456";
      const newToken = "rd-moved-token-7777777";
      const moved = `${fakes.baseUrl}/readeck-moved`;
      for (const patch of [
        { readeckEndpoint: moved },
        { readeckEndpoint: moved, readeckToken: "••••3456" },
        { enableReadeck: true, readeckEndpoint: `  ${moved}  ` },
      ]) {
        const refused = await settle(patch);
        expect(refused.status, JSON.stringify(patch)).toBe(400);
        expect(refused.body.code).toBe(1002);
        expect(refused.body.reason).toContain("send the token again for a new endpoint");
      }
      const tab = (await alice.request("GET", "/api/settings?tab=integration")).body.settings
        .integration;
      expect(tab.readeckEndpoint).toBe(`${fakes.baseUrl}/readeck`);
      // Still saved to the old endpoint with the old token; the new one heard nothing.
      fakes.answer("POST /readeck/api/bookmarks", { status: 202, body: {} });
      fakes.answer("POST /readeck-moved/api/bookmarks", { status: 202, body: {} });
      expect((await save("readeck")).body.code).toBe(0);
      expect(fakes.take().map((r) => [r.path, r.headers.authorization])).toEqual([
        ["/readeck/api/bookmarks", `Bearer ${oldToken}`],
      ]);
      // The same endpoint (spaces aside) keeps the token.
      expect((await settle({ readeckEndpoint: ` ${fakes.baseUrl}/readeck ` })).status).toBe(200);

      // With the token again, the new endpoint is taken and gets the new token only.
      expect((await settle({ readeckEndpoint: moved, readeckToken: newToken })).status).toBe(200);
      expect((await save("readeck")).body.code).toBe(0);
      const received = fakes.take();
      expect(received.map((r) => [r.path, r.headers.authorization])).toEqual([
        ["/readeck-moved/api/bookmarks", `Bearer ${newToken}`],
      ]);
      expect(JSON.stringify(received)).not.toContain(oldToken);

      // The endpoint changed behind the settings route's back (another device's stale write):
      // the token is sealed for its endpoint and does not open for another; nothing is sent.
      await rewriteSetting(server, "readeckEndpoint", moved, `${fakes.baseUrl}/readeck-stolen`);
      fakes.answer("POST /readeck-stolen/api/bookmarks", { status: 202, body: {} });
      expect((await save("readeck")).body.code).toBe(7000);
      expect(fakes.take()).toEqual([]);
      await rewriteSetting(server, "readeckEndpoint", `${fakes.baseUrl}/readeck-stolen`, moved);
      expect((await save("readeck")).body.code).toBe(0);
      expect(fakes.take().map((r) => r.headers.authorization)).toEqual([`Bearer ${newToken}`]);
    });

    it("Cubox: JSON to the user's API link, a url item or (auto-memo, selection) a memo", async () => {
      await settle({ enableCubox: true, cuboxToken: `${fakes.baseUrl}/c/api/save/secretkey123` });
      fakes.answer("POST /c/api/save/secretkey123", {
        status: 200,
        body: { code: 200, message: "", data: {} },
      });
      expect((await save("cubox")).body).toEqual({ code: 0, data: { url: null } });
      expect(JSON.parse(fakes.take()[0]!.body)).toEqual({
        type: "url",
        content: "https://example.com/post-1",
        title: "A post worth saving",
        description: expect.stringContaining("Some bold text"),
        tags: [],
        folder: "",
      });
      await settle({ enableCuboxAutoMemo: true });
      await save("cubox", { selectedText: "a quoted line" });
      expect(JSON.parse(fakes.take()[0]!.body)).toEqual({
        type: "memo",
        content: "a quoted line",
        title: "A post worth saving",
        description: expect.stringContaining("Some bold text"),
        source_url: "https://example.com/post-1",
      });
      fakes.answer("POST /c/api/save/secretkey123", {
        status: 200,
        body: { code: -3030, message: "invalid token" },
      });
      expect((await save("cubox")).body.reason).toBe("Cubox: invalid token");
      fakes.take();
    });

    it("Zotero: one webpage item with Zotero-API-Key; the documented error statuses have their messages", async () => {
      await settle({
        enableZotero: true,
        zoteroUserID: "475425",
        zoteroToken: "zt0123456789abcdefgh",
      });
      fakes.answer("POST /zotero/users/475425/items", {
        status: 200,
        body: {
          successful: { "0": { key: "ABCD2345" } },
          success: { "0": "ABCD2345" },
          unchanged: {},
          failed: {},
        },
      });
      expect((await save("zotero")).body.data).toEqual({
        url: "https://www.zotero.org/users/475425/items/ABCD2345",
      });
      const [request] = fakes.take();
      expect(request!.headers["zotero-api-key"]).toBe("zt0123456789abcdefgh");
      const [item, ...rest] = JSON.parse(request!.body) as Array<Record<string, unknown>>;
      expect(rest).toEqual([]);
      expect(item).toEqual({
        itemType: "webpage",
        title: "A post worth saving",
        creators: [{ creatorType: "author", name: "Ann Author" }],
        abstractNote: expect.stringContaining("Some bold text"),
        url: "https://example.com/post-1",
        date: "2026-06-01T12:00:00.000Z",
        accessDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        language: "",
        tags: [{ tag: "reading" }],
        collections: [],
      });
      const statuses: Array<[number, string]> = [
        [400, "invalid type or field, or unparseable JSON"],
        [409, "the target library is locked"],
        [412, "the library has changed since the specified version"],
        [413, "the upload would exceed the storage quota"],
      ];
      for (const [status, message] of statuses) {
        fakes.answer("POST /zotero/users/475425/items", { status, body: "" });
        expect((await save("zotero")).body.reason).toBe(`Zotero answered ${status}: ${message}`);
      }
      fakes.answer("POST /zotero/users/475425/items", {
        status: 200,
        body: {
          successful: {},
          success: {},
          unchanged: {},
          failed: { "0": { code: 400, message: "Invalid itemType" } },
        },
      });
      expect((await save("zotero")).body.reason).toBe("Zotero: Invalid itemType");
      fakes.take();
    });

    it("refuses services that are off, entries the user cannot see, and desktop-only services", async () => {
      await settle({ enableReadwise: false });
      expect((await save("readwise")).body.code).toBe(7000);
      await settle({ enableReadwise: true });
      await settle({ enableInstapaper: true }, bob);
      expect((await save("instapaper", {}, bob)).body.code).toBe(7000);
      expect((await save("readwise", { entryId: "not-an-entry" })).body.code).toBe(3000);
      expect((await save("obsidian")).status).toBe(400);
      expect(fakes.take()).toEqual([]);
    });
  },
);

describe("integrations on a server without the private-network allow-list", () => {
  it("refuses a self-hosted service on a private address, like a feed", async () => {
    const fakes = await new ServiceFakes().start();
    const strict = await startTestServer("sqlite", {});
    try {
      const alice = new TestClient(strict.localUrl);
      await alice.signUp(uniqueEmail("strict-integrations"));
      await alice.request("PATCH", "/api/settings/integration", {
        json: {
          enableReadeck: true,
          readeckEndpoint: `${fakes.baseUrl}/readeck`,
          readeckToken: "token-123456789",
        },
      });
      const tested = await alice.request("POST", "/api/integrations/test", {
        json: { service: "readeck" },
      });
      expect(tested.body.code).toBe(3);
      expect(tested.body.reason).toMatch(/^Readeck: /);
      expect(fakes.take()).toEqual([]);
    } finally {
      await strict.close();
      await fakes.stop();
    }
  });
});
