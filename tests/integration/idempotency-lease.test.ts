import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../../server/db/connect.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const UNKNOWN_ENTRY = "1234567890123";

/**
 * An Idempotency-Key in flight is a lease (H2): within its deadline a retry hears "still
 * running" (code 1), after it the retry runs the write; a restart clears its own instance's.
 */
describe.each(DIALECTS)("idempotency leases on %s", (dialect) => {
  let server: TestServer;
  let db: DatabaseHandle;
  let alice: TestClient;
  let userId: string;

  const open = (s: TestServer) =>
    connectDatabase({
      databaseUrl: s.postgres?.url,
      databasePath: `${s.dataDir}/follow.sqlite`,
      databasePoolMax: 1,
    });
  /** A key some other request holds: its deadline `leaseMs` from now (null: no lease at all). */
  const leftInFlight = (key: string, leaseMs: number | null, owner = "dead-process") =>
    db.db
      .insertInto("idempotency_key")
      .values({
        user_id: userId,
        key,
        method: "DELETE",
        path: "/api/reads",
        status: 0,
        body: "",
        created_at: new Date().toISOString(),
        lease_owner: leaseMs === null ? null : owner,
        lease_token: leaseMs === null ? null : "someone-else",
        lease_until: leaseMs === null ? null : new Date(Date.now() + leaseMs).toISOString(),
      })
      .execute();
  const row = (key: string) =>
    db.db
      .selectFrom("idempotency_key")
      .selectAll()
      .where("user_id", "=", userId)
      .where("key", "=", key)
      .executeTakeFirst();
  // A write the server refuses (404, code 3000) and stores: running it is visible.
  const unmark = (key: string, path = "/api/reads") =>
    alice.request("DELETE", path, {
      json: { entryId: UNKNOWN_ENTRY },
      headers: { "idempotency-key": key },
    });

  beforeAll(async () => {
    server = await startTestServer(dialect, { INSTANCE_ID: "api-a" });
    db = open(server);
    alice = new TestClient(server.localUrl);
    userId = (await alice.signUp(uniqueEmail("lease"))).body.user.id;
  });
  afterAll(async () => {
    await db?.close();
    await server?.close();
  });

  it("runs the write on a retry after the deadline, and stores its answer", async () => {
    await leftInFlight("expired", -1_000);
    const retry = await unmark("expired");
    expect(retry.status).toBe(404);
    expect(retry.body.code).toBe(3000);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    expect(await row("expired")).toMatchObject({
      status: 404,
      lease_owner: null,
      lease_token: null,
      lease_until: null,
    });
    const replay = await unmark("expired");
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(retry.body);
  });

  it("takes over a key left in flight before leases existed (no deadline)", async () => {
    await leftInFlight("legacy", null);
    const retry = await unmark("legacy");
    expect(retry.body.code).toBe(3000);
    expect((await row("legacy"))?.status).toBe(404);
  });

  it("answers 'still running' (409, code 1) with a Retry-After within the deadline", async () => {
    await leftInFlight("running", 60_000);
    const retry = await unmark("running");
    expect(retry.status).toBe(409);
    expect(retry.body).toMatchObject({ code: 1, message: "Previous operation is not completed" });
    const wait = Number(retry.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(59);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await row("running")).toMatchObject({ status: 0, lease_owner: "dead-process" });
    // Another request under the same key is still a misuse, running or not.
    expect((await unmark("running", "/api/collections")).body.code).toBe(1002);
  });

  it("refuses the same key with another body (1002); the same body is replayed", async () => {
    const first = await unmark("body-bound");
    expect(first.body.code).toBe(3000);
    const other = await alice.request("DELETE", "/api/reads", {
      json: { entryId: "9876543210987" },
      headers: { "idempotency-key": "body-bound" },
    });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({
      code: 1002,
      reason: "this Idempotency-Key was used for a different request",
    });
    const same = await unmark("body-bound");
    expect(same.headers.get("idempotent-replayed")).toBe("true");
    expect(same.body).toEqual(first.body);
    // Nor may another body take over a lease that ran out.
    await leftInFlight("expired-other", -1_000);
    await db.db
      .updateTable("idempotency_key")
      .set({ request_hash: "0".repeat(64) })
      .where("key", "=", "expired-other")
      .execute();
    expect((await unmark("expired-other")).body.code).toBe(1002);
  });

  it("clears this instance's in-flight keys at start-up; on PostgreSQL only its own", async () => {
    await leftInFlight("mine", 60_000, "api-a");
    await leftInFlight("theirs", 60_000, "api-b");
    await db.close();
    await server.stop();
    server = await server.restart({ INSTANCE_ID: "api-a" });
    db = open(server);
    alice = new TestClient(server.localUrl).copyCookiesFrom(alice);

    expect(await row("mine")).toBeUndefined();
    if (dialect === "sqlite") {
      // One server process per SQLite file: nothing else can be running.
      expect(await row("theirs")).toBeUndefined();
    } else {
      expect(await row("theirs")).toMatchObject({ status: 0, lease_owner: "api-b" });
      expect((await unmark("theirs")).status).toBe(409);
    }
    expect((await unmark("mine")).body.code).toBe(3000);
  });
});
