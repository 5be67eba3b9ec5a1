import Database from "better-sqlite3";
import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keyedQueries, startFakeRsshub, startKeyedRsshub } from "../support/fake-rsshub.ts";
import type { FeedServer } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, type Dialect, startTestServer, type TestServer } from "../support/server.ts";

const KEY = "alice-very-secret-access-key";

/** The stored access keys, read straight from the database. */
async function storedKeys(dialect: Dialect, server: TestServer): Promise<string[]> {
  const sql = "select access_key from feed_route_instance where access_key is not null";
  if (dialect === "sqlite") {
    const db = new Database(`${server.dataDir}/follow.sqlite`, { readonly: true });
    const rows = db.prepare(sql).all() as Array<{ access_key: string }>;
    db.close();
    return rows.map((r) => r.access_key);
  }
  const client = new pg.Client({ connectionString: server.postgres!.url });
  await client.connect();
  const { rows } = await client.query(sql);
  await client.end();
  return rows.map((r: { access_key: string }) => r.access_key);
}

describe.each(DIALECTS)("people's own feed-route (RSSHub) instances on %s", (dialect) => {
  let server: TestServer;
  let shared: FeedServer;
  let own: FeedServer;
  let alice: TestClient;
  let bob: TestClient;
  let instanceId: string;

  beforeAll(async () => {
    shared = await startFakeRsshub();
    own = await startKeyedRsshub(KEY);
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
      FEED_ROUTE_BASE_URL: shared.baseUrl,
    });
    alice = new TestClient(server.localUrl);
    bob = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("alice-instances"));
    await bob.signUp(uniqueEmail("bob-instances"));
  });
  afterAll(async () => {
    await server?.close();
    await shared?.stop();
    await own?.stop();
  });

  it("adds an instance with its key sealed, and checks it at once", async () => {
    const added = await alice.request("POST", "/api/rsshub-instances", {
      json: { baseUrl: `${own.baseUrl}/`, accessKey: KEY },
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({
      baseUrl: own.baseUrl,
      hasAccessKey: true,
      isDefault: false,
      status: {
        reachable: true,
        version: "5f3c2a1",
        latencyMs: expect.any(Number),
        error: null,
        checkedAt: expect.any(String),
      },
    });
    expect(added.text).not.toContain(KEY);
    instanceId = added.body.data.id;
    const stored = await storedKeys(dialect, server);
    expect(stored).toHaveLength(1);
    expect(stored[0]).not.toContain(KEY);
    const listed = await alice.request("GET", "/api/rsshub-instances");
    expect(listed.body.data).toMatchObject({
      serverInstance: shared.baseUrl,
      defaultId: null,
      instances: [{ id: instanceId, hasAccessKey: true, status: { reachable: true } }],
    });
    expect(listed.text).not.toContain(KEY);
  });

  it("uses the chosen instance for the catalogue and rsshub:// subscriptions", async () => {
    // Until chosen, the server's instance answers.
    const before = await alice.request("GET", "/api/discover/rsshub");
    expect(before.body.instance).toBe(shared.baseUrl);
    expect(Object.keys(before.body.data)).toContain("github");
    expect(
      (await alice.request("PUT", "/api/rsshub-instances/default", { json: { id: instanceId } }))
        .body,
    ).toEqual({ code: 0 });
    const after = await alice.request("GET", "/api/discover/rsshub");
    expect(after.status).toBe(200);
    expect(after.body.instance).toBe(own.baseUrl);
    expect(Object.keys(after.body.data)).toEqual(["mine"]);
    const named = await alice.request("POST", "/api/discover", {
      json: { keyword: "notes by topic", target: "lists" },
    });
    expect(named.body.data.map((i: { namespace: string }) => i.namespace)).toEqual(["mine"]);
    const followed = await alice.request("POST", "/api/subscriptions", {
      json: { url: "rsshub://mine/notes/cats", view: 0 },
    });
    expect(followed.status).toBe(200);
    expect(followed.body.feed.title).toBe("Notes about cats");
    // The feed's address opens that route only (RSSHub's per-route code), never the key.
    expect(followed.body.feed.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mine\/notes\/cats\?code=/);
    expect(followed.text).not.toContain(KEY);
    // The key went to the listing only; the feed was fetched with the route's code.
    const queries = keyedQueries.get(own)!;
    expect(queries.filter((q) => q.includes("key="))).toHaveLength(1);
    expect(queries.some((q) => q.startsWith("?code="))).toBe(true);
  });

  it("keeps a person's instance and key theirs alone", async () => {
    expect((await bob.request("GET", "/api/rsshub-instances")).body.data).toEqual({
      instances: [],
      serverInstance: shared.baseUrl,
      defaultId: null,
    });
    for (const [method, path] of [
      ["POST", "/api/rsshub-instances/check"],
      ["PUT", "/api/rsshub-instances/default"],
      ["PATCH", "/api/rsshub-instances"],
      ["DELETE", "/api/rsshub-instances"],
    ] as const) {
      const refused = await bob.request(method, path, {
        json: { id: instanceId, ...(method === "PATCH" ? { accessKey: null } : {}) },
      });
      expect(refused.status, path).toBe(404);
      expect(refused.body.code, path).toBe(13003);
    }
    // Bob's edit changed nothing: Alice's key is still there.
    expect((await storedKeys(dialect, server)).length).toBeGreaterThan(0);
    // Bob's catalogue and rsshub:// stay on the server's instance.
    const catalogue = await bob.request("GET", "/api/discover/rsshub");
    expect(catalogue.body.instance).toBe(shared.baseUrl);
    const refusedFeed = await bob.request("POST", "/api/subscriptions", {
      json: { url: "rsshub://mine/notes/dogs", view: 0 },
    });
    expect(refusedFeed.status).toBeGreaterThanOrEqual(400);
    expect(refusedFeed.status).toBeLessThan(500);
    expect(own.hits.get("/mine/notes/dogs")).toBeUndefined();
    // Alice's instance is still hers and still her default.
    const mine = await alice.request("GET", "/api/rsshub-instances");
    expect(mine.body.data.defaultId).toBe(instanceId);
  });

  it("reports an instance that does not answer, and goes back to the server's", async () => {
    const down = await alice.request("POST", "/api/rsshub-instances", {
      json: { baseUrl: "http://127.0.0.1:9" },
    });
    expect(down.status).toBe(200);
    expect(down.body.data).toMatchObject({
      hasAccessKey: false,
      status: { reachable: false, version: null, error: expect.any(String) },
    });
    const again = await alice.request("POST", "/api/rsshub-instances/check", {
      json: { id: down.body.data.id },
    });
    expect(again.body.data.status.reachable).toBe(false);
    await alice.request("PUT", "/api/rsshub-instances/default", {
      json: { id: down.body.data.id },
    });
    const unreadable = await alice.request("GET", "/api/discover/rsshub");
    expect(unreadable.body.code).toBe(13007);
    await alice.request("PUT", "/api/rsshub-instances/default", { json: { id: null } });
    expect((await alice.request("GET", "/api/discover/rsshub")).body.instance).toBe(shared.baseUrl);
    expect(
      (await alice.request("DELETE", "/api/rsshub-instances", { json: { id: down.body.data.id } }))
        .body,
    ).toEqual({ code: 0 });
    const left = await alice.request("GET", "/api/rsshub-instances");
    expect(left.body.data.instances.map((i: { id: string }) => i.id)).toEqual([instanceId]);
  });

  it("says when an instance answers but refuses the access key", async () => {
    const dave = new TestClient(server.localUrl);
    await dave.signUp(uniqueEmail("dave-instances"));
    const wrong = await dave.request("POST", "/api/rsshub-instances", {
      json: { baseUrl: own.baseUrl, accessKey: "not-the-key" },
    });
    expect(wrong.status).toBe(200);
    expect(wrong.body.data.status).toMatchObject({ reachable: true, version: "5f3c2a1" });
    expect(wrong.body.data.status.error).toContain("HTTP 403");
    expect(wrong.text).not.toContain("not-the-key");
    // Alice's instance, checked with her key, reads its listing without error.
    const checked = await alice.request("POST", "/api/rsshub-instances/check", {
      json: { id: instanceId },
    });
    expect(checked.body.data.status).toMatchObject({ reachable: true, error: null });
  });

  it("edits an instance's key and address, checking it again each time", async () => {
    const erin = new TestClient(server.localUrl);
    await erin.signUp(uniqueEmail("erin-instances"));
    // Added without the key the instance asks for: its listing is refused.
    const added = await erin.request("POST", "/api/rsshub-instances", {
      json: { baseUrl: own.baseUrl },
    });
    const id = added.body.data.id as string;
    expect(added.body.data.status.error).toContain("HTTP 403");
    const keyed = await erin.request("PATCH", "/api/rsshub-instances", {
      json: { id, accessKey: KEY },
    });
    expect(keyed.status).toBe(200);
    expect(keyed.body.data).toMatchObject({
      id,
      baseUrl: own.baseUrl,
      hasAccessKey: true,
      status: { reachable: true, error: null },
    });
    expect(keyed.text).not.toContain(KEY);
    // Only the address: refused, the saved key never goes to a new address.
    const hitsOf = (fake: FeedServer) => [...fake.hits.values()].reduce((a, b) => a + b, 0);
    const hits = hitsOf(shared);
    const keyless = await erin.request("PATCH", "/api/rsshub-instances", {
      json: { id, baseUrl: shared.baseUrl },
    });
    expect(keyless.status).toBe(400);
    expect(keyless.body.code).toBe(1002);
    expect(keyless.body.reason).toContain("send the access key again for a new address");
    expect(hitsOf(shared)).toBe(hits);
    const unchanged = (await erin.request("GET", "/api/rsshub-instances")).body.data.instances;
    expect(unchanged.find((i: { id: string }) => i.id === id).baseUrl).toBe(own.baseUrl);
    // The address with its key again: taken.
    const moved = await erin.request("PATCH", "/api/rsshub-instances", {
      json: { id, baseUrl: "http://127.0.0.1:9/", accessKey: KEY },
    });
    expect(moved.body.data).toMatchObject({
      baseUrl: "http://127.0.0.1:9",
      hasAccessKey: true,
      status: { reachable: false },
    });
    // Back, and the key removed.
    const cleared = await erin.request("PATCH", "/api/rsshub-instances", {
      json: { id, baseUrl: own.baseUrl, accessKey: null },
    });
    expect(cleared.body.data).toMatchObject({ baseUrl: own.baseUrl, hasAccessKey: false });
    expect(cleared.body.data.status.error).toContain("HTTP 403");
    // An address another of the person's instances has already, or a bad one: 1002.
    const second = await erin.request("POST", "/api/rsshub-instances", {
      json: { baseUrl: "http://127.0.0.1:9" },
    });
    for (const baseUrl of [own.baseUrl, "http://user:pass@127.0.0.1:9", "ftp://127.0.0.1/x"]) {
      const refused = await erin.request("PATCH", "/api/rsshub-instances", {
        json: { id: second.body.data.id, baseUrl },
      });
      expect(refused.status, baseUrl).toBe(400);
      expect(refused.body.code, baseUrl).toBe(1002);
    }
    expect((await erin.request("GET", "/api/rsshub-instances")).body.data.instances).toHaveLength(
      2,
    );
  });

  it("refuses bad addresses and bodies with a code, never a 500", async () => {
    await alice.request("PUT", "/api/rsshub-instances/default", { json: { id: instanceId } });
    for (const baseUrl of [
      "ftp://127.0.0.1/x",
      "http://user:pass@127.0.0.1:9",
      "http://127.0.0.1:9/?key=x",
      "not a url at all",
      `${own.baseUrl}`,
    ]) {
      const refused = await alice.request("POST", "/api/rsshub-instances", { json: { baseUrl } });
      expect(refused.status, baseUrl).toBe(400);
      expect(refused.body.code, baseUrl).toBe(1002);
    }
    // Bodies with no fetchable address: whatever their shape, a coded 4xx.
    const noAddress = fc.oneof(
      fc.anything(),
      fc.record({
        baseUrl: fc.string({ maxLength: 600 }).filter((s) => !/:\/\//.test(s)),
        accessKey: fc.oneof(fc.string({ maxLength: 300 }), fc.integer(), fc.constant(null)),
      }),
      fc.record({ id: fc.oneof(fc.string(), fc.integer(), fc.constant(null)) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          ["POST", "/api/rsshub-instances"],
          ["DELETE", "/api/rsshub-instances"],
          ["POST", "/api/rsshub-instances/check"],
          ["PUT", "/api/rsshub-instances/default"],
          ["PATCH", "/api/rsshub-instances"],
        ),
        noAddress,
        async ([method, path], body) => {
          const response = await bob.request(method, path, { json: body });
          expect(response.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
          if (response.status >= 400) expect(typeof response.body.code).toBe("number");
        },
      ),
      { numRuns: 80 },
    );
    // Bob's fuzzing left Alice's default alone (a valid null only reset his own).
    expect((await alice.request("GET", "/api/rsshub-instances")).body.data.defaultId).toBe(
      instanceId,
    );
  });

  it("stops at 10 instances a person", async () => {
    const carol = new TestClient(server.localUrl);
    await carol.signUp(uniqueEmail("carol-instances"));
    for (let port = 1; port <= 10; port += 1) {
      const added = await carol.request("POST", "/api/rsshub-instances", {
        json: { baseUrl: `http://127.0.0.1:9/n${port}` },
      });
      expect(added.status).toBe(200);
    }
    const eleventh = await carol.request("POST", "/api/rsshub-instances", {
      json: { baseUrl: "http://127.0.0.1:9/n11" },
    });
    expect(eleventh.body.code).toBe(13004);
  });
});
