import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LISTENER_NAME } from "../../server/sync/listen-postgres.ts";
import { type ChildServer, spawnChildServer } from "../support/child-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { withServerDatabase } from "../support/server-database.ts";
import { EventStreamClient } from "../support/sse-client.ts";

/**
 * Two API processes on one PostgreSQL database (this test's server and a child process): a
 * write through either one pokes the same user's stream held on the other (LISTEN/NOTIFY),
 * and another user's stream on either hears nothing of it; a listener cut off catches up.
 */
const PASSWORD = "correct horse battery staple";

describe("live change stream across two API processes on PostgreSQL", () => {
  let first: TestServer;
  let second: ChildServer;
  let childDir: string;
  const streams: EventStreamClient[] = [];

  beforeAll(async () => {
    first = await startTestServer("postgres", { INGEST_POLL_SECONDS: "3600" });
    childDir = mkdtempSync(join(tmpdir(), "follow-sync-child-"));
    second = await spawnChildServer({
      DATA_DIR: childDir,
      DATABASE_URL: first.postgres!.url,
      DATABASE_POOL_MAX: "2",
      INGEST_SCHEDULER: "false",
      INSTANCE_ID: "sync-child",
    });
  }, 60_000);
  afterAll(async () => {
    for (const stream of streams) await stream.close();
    await second?.kill("SIGTERM");
    await first?.close();
    rmSync(childDir, { recursive: true, force: true });
  });

  const signedIn = async (url: string, email: string, signUp: boolean) => {
    const client = new TestClient(url);
    if (signUp) await client.signUp(email, PASSWORD, "Reader");
    else expect((await client.signIn(email, PASSWORD)).status).toBe(200);
    return client;
  };
  const connected = async (client: TestClient) => {
    const stream = await EventStreamClient.open(client);
    streams.push(stream);
    expect(stream.status).toBe(200);
    const version = BigInt((await stream.nextPoke(() => true)).version);
    return { stream, version };
  };

  it("pokes a stream on one process after a write through the other, both ways", async () => {
    const alice = uniqueEmail("alice");
    const bob = uniqueEmail("bob");
    const aliceOnFirst = await signedIn(first.localUrl, alice, true);
    const aliceOnSecond = await signedIn(second.url, alice, false);
    const bobOnSecond = await signedIn(second.url, bob, true);

    const heldOnSecond = await connected(aliceOnSecond);
    const bobHeld = await connected(bobOnSecond);
    const patched = await aliceOnFirst.request("PATCH", "/api/settings/general", {
      json: { timeZone: "Asia/Tokyo" },
    });
    expect(patched.status, patched.text).toBe(200);
    const poke = await heldOnSecond.stream.nextPoke(
      (p) => BigInt(p.version) > heldOnSecond.version && p.scopes.includes("state"),
    );
    const version = BigInt(
      (await aliceOnSecond.request("GET", "/api/sync/version")).body.data.version,
    );
    expect(BigInt(poke.version)).toBe(version);

    const heldOnFirst = await connected(aliceOnFirst);
    expect(heldOnFirst.version).toBe(version);
    await aliceOnSecond.request("PATCH", "/api/settings/general", {
      json: { timeZone: "Europe/Paris" },
    });
    await heldOnFirst.stream.nextPoke(
      (p) => BigInt(p.version) > version && p.scopes.includes("state"),
    );

    expect(bobHeld.stream.pokes()).toEqual([{ version: String(bobHeld.version), scopes: [] }]);
  }, 60_000);

  it("catches up on what was notified while a process's listener was cut off", async () => {
    const alice = uniqueEmail("alice");
    const onFirst = await signedIn(first.localUrl, alice, true);
    const onSecond = await signedIn(second.url, alice, false);
    const held = await connected(onFirst);
    // Both processes' LISTEN connections end, as a database restart or a proxy would end them.
    await withServerDatabase(first, async ({ db }) => {
      const cut = await sql<{ pid: number }>`
        SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity
        WHERE application_name = ${LISTENER_NAME} AND datname = current_database()`.execute(db);
      expect(cut.rows.length).toBe(2);
    });
    const patched = await onSecond.request("PATCH", "/api/settings/general", {
      json: { timeZone: "America/Lima" },
    });
    expect(patched.status, patched.text).toBe(200);
    const poke = await held.stream.nextPoke((p) => BigInt(p.version) > held.version);
    expect(poke.scopes).toEqual(["state"]);
    expect(first.logs.some((line) => line.msg === "change listener disconnected")).toBe(true);
  }, 60_000);
});
