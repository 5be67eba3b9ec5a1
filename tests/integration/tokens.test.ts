import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase } from "../../server/db/connect.ts";
import { findAppPasswordByFeverKey, verifyAppPassword } from "../../server/tokens/store.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const PASSWORD = "correct horse battery";

describe.each(DIALECTS)("app passwords and personal access tokens on %s", (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceEmail: string;

  /** A client with no cookies, sending only the token. */
  const withToken = (token: string) => {
    const anonymous = new TestClient(server.localUrl);
    return (method: string, path: string, json?: unknown) =>
      anonymous.request(method, path, {
        headers: { authorization: `Bearer ${token}` },
        ...(json === undefined ? {} : { json }),
      });
  };

  const create = async (kind: string, scope: string, name = `${kind} ${scope}`) => {
    const answer = await alice.request("POST", "/api/tokens", { json: { name, kind, scope } });
    expect(answer.status).toBe(200);
    return answer.body.data as { id: string; secret: string; kind: string; scope: string };
  };

  beforeAll(async () => {
    server = await startTestServer(dialect, { AUTH_RATE_LIMIT_MAX: "1000" });
    alice = new TestClient(server.localUrl);
    bob = new TestClient(server.localUrl);
    aliceEmail = uniqueEmail("alice-tokens");
    await alice.signUp(aliceEmail, PASSWORD);
    await bob.signUp(uniqueEmail("bob-tokens"));
  });

  afterAll(async () => {
    await server?.close();
  });

  it("answers the secret once, lists without it, keeps only hashes", async () => {
    const made = await create("personal", "read", "script");
    expect(made.secret).toMatch(/^folo_pat_[A-Za-z0-9_-]{43}$/);
    const list = await alice.request("GET", "/api/tokens");
    expect(list.status).toBe(200);
    const listed = list.body.data.find((t: { id: string }) => t.id === made.id);
    expect(listed).toMatchObject({
      name: "script",
      kind: "personal",
      scope: "read",
      lastUsedAt: null,
    });
    expect(JSON.stringify(list.body)).not.toContain(made.secret);
    const database = connectDatabase({
      databaseUrl: server.postgres?.url,
      databasePath: `${server.dataDir}/follow.sqlite`,
    });
    try {
      const rows = await database.db
        .withTables<{ access_token: Record<string, unknown> }>()
        .selectFrom("access_token")
        .selectAll()
        .execute();
      expect(JSON.stringify(rows)).not.toContain(made.secret);
      const hash = createHash("sha256").update(made.secret).digest("hex");
      expect(rows.some((row) => row.secret_hash === hash)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it("a personal token reads as its owner; a read-only one cannot write", async () => {
    const read = withToken((await create("personal", "read")).secret);
    const subscriptions = await read("GET", "/api/subscriptions");
    expect(subscriptions.status).toBe(200);
    // A read sent as POST is a read.
    expect((await read("POST", "/api/entries", {})).status).toBe(200);
    const write = await read("POST", "/api/categories", { category: "a", newName: "b" });
    expect(write.status).toBe(403);
    expect(write.body.code).toBe(1004);
    const settings = await read("PATCH", "/api/settings/general", { language: "en" });
    expect(settings.status).toBe(403);
  });

  it("a read-write token writes, and the write is a change of its owner's", async () => {
    const write = withToken((await create("personal", "write")).secret);
    const before = (await alice.request("GET", "/api/sync/version")).body.data;
    const patch = await write("PATCH", "/api/settings/general", { language: "ja" });
    expect(patch.status).toBe(200);
    const settings = await alice.request("GET", "/api/settings");
    expect(JSON.stringify(settings.body)).toContain('"ja"');
    const after = (await alice.request("GET", "/api/sync/version")).body.data;
    expect(JSON.stringify(after)).not.toBe(JSON.stringify(before));
  });

  it("never reaches account changes, sessions or token management", async () => {
    const write = withToken((await create("personal", "write")).secret);
    const refused = [
      [
        "POST",
        "/api/better-auth/change-password",
        { currentPassword: PASSWORD, newPassword: "x".repeat(20) },
      ],
      ["POST", "/api/better-auth/change-email", { newEmail: uniqueEmail("stolen") }],
      ["POST", "/api/better-auth/two-factor/enable", { password: PASSWORD }],
      ["POST", "/api/better-auth/delete-user", { password: PASSWORD }],
      ["GET", "/api/better-auth/list-sessions", undefined],
      ["POST", "/api/better-auth/revoke-other-sessions", {}],
      ["GET", "/api/tokens", undefined],
      ["POST", "/api/tokens", { name: "more", kind: "personal", scope: "write" }],
    ] as const;
    for (const [method, path, json] of refused) {
      const answer = await write(method, path, json);
      // better-auth checks some bodies before the session (a 400): never a success.
      expect([400, 401], `${method} ${path}`).toContain(answer.status);
    }
    // Her password still signs her in.
    const again = new TestClient(server.localUrl);
    const signIn = await again.request("POST", "/api/better-auth/sign-in/email", {
      json: { email: aliceEmail, password: PASSWORD },
    });
    expect(signIn.status).toBe(200);
    const me = await alice.request("GET", "/api/better-auth/get-session");
    expect(me.body.user.email).toBe(aliceEmail);
    expect(me.body.user.twoFactorEnabled).toBeFalsy();
  });

  it("an app password is not a Bearer token; a bad or revoked token is a 401", async () => {
    const app = await create("app_password", "write");
    expect((await withToken(app.secret)("GET", "/api/subscriptions")).status).toBe(401);
    expect((await withToken("folo_pat_nonsense")("GET", "/api/subscriptions")).status).toBe(401);
    const personal = await create("personal", "write");
    expect((await withToken(personal.secret)("GET", "/api/subscriptions")).status).toBe(200);
    const revoked = await alice.request("DELETE", "/api/tokens", { json: { id: personal.id } });
    expect(revoked.status).toBe(200);
    expect((await withToken(personal.secret)("GET", "/api/subscriptions")).status).toBe(401);
    const list = await alice.request("GET", "/api/tokens");
    expect(list.body.data.some((t: { id: string }) => t.id === personal.id)).toBe(false);
  });

  it("records last use; another person can neither list nor revoke one", async () => {
    const made = await create("personal", "read", "used");
    await withToken(made.secret)("GET", "/api/subscriptions");
    const list = await alice.request("GET", "/api/tokens");
    const used = list.body.data.find((t: { id: string }) => t.id === made.id);
    expect(typeof used.lastUsedAt).toBe("string");
    expect(JSON.stringify((await bob.request("GET", "/api/tokens")).body)).not.toContain(made.id);
    const theft = await bob.request("DELETE", "/api/tokens", { json: { id: made.id } });
    expect(theft.status).toBe(400);
    expect((await withToken(made.secret)("GET", "/api/subscriptions")).status).toBe(200);
  });

  it("checks app passwords for ClientLogin and Fever keys without their plaintext", async () => {
    const app = await create("app_password", "write", "reader app");
    expect(app.secret).toMatch(/^[a-z0-9]{4}(-[a-z0-9]{4}){5}$/);
    const database = connectDatabase({
      databaseUrl: server.postgres?.url,
      databasePath: `${server.dataDir}/follow.sqlite`,
    });
    try {
      expect((await verifyAppPassword(database, aliceEmail.toUpperCase(), app.secret))?.id).toBe(
        app.id,
      );
      expect(await verifyAppPassword(database, aliceEmail, PASSWORD)).toBeUndefined();
      expect(await verifyAppPassword(database, "someone@example.com", app.secret)).toBeUndefined();
      const key = createHash("md5")
        .update(`${aliceEmail.toLowerCase()}:${app.secret}`)
        .digest("hex");
      expect((await findAppPasswordByFeverKey(database, key))?.id).toBe(app.id);
      expect((await findAppPasswordByFeverKey(database, key.toUpperCase()))?.id).toBe(app.id);
      expect(await findAppPasswordByFeverKey(database, "0".repeat(32))).toBeUndefined();
      await alice.request("DELETE", "/api/tokens", { json: { id: app.id } });
      expect(await findAppPasswordByFeverKey(database, key)).toBeUndefined();
    } finally {
      await database.close();
    }
  });
});
