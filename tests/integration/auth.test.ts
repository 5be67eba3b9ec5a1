import { Schema } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isEntityId } from "../../contract/ids.ts";
import { SessionResponse } from "../../contract/session.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

describe.each(DIALECTS)("auth over HTTP on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { AUTH_RATE_LIMIT_MAX: "1000" });
  });
  afterAll(() => server?.close());

  it("signs up, returns the session with role and emailVerified, signs out", async () => {
    const client = new TestClient(server.localUrl);
    const email = uniqueEmail();
    const signUp = await client.signUp(email);
    expect(signUp.status).toBe(200);
    expect(isEntityId(signUp.body.user.id)).toBe(true);

    const session = await client.session();
    expect(session.status).toBe(200);
    const decoded = Schema.decodeUnknownSync(SessionResponse)(session.body);
    expect(decoded?.user.email).toBe(email);
    expect(decoded?.user.emailVerified).toBe(false);
    expect(decoded?.role).toBe("user");

    expect((await client.signOut()).status).toBe(200);
    const after = await client.session();
    expect(after.status).toBe(200);
    expect(after.body).toBeNull();
  });

  it("sets an HttpOnly SameSite session cookie within the 400-day cap", async () => {
    const client = new TestClient(server.localUrl);
    const response = await client.signUp(uniqueEmail());
    const cookie = response.headers.getSetCookie().find((c) => c.includes("session_token"));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const maxAge = Number(/Max-Age=(\d+)/i.exec(cookie!)?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(34_560_000);
  });

  it("answers a wrong password with 401 and code 1000, the reason from the server", async () => {
    const client = new TestClient(server.localUrl);
    const email = uniqueEmail();
    await client.signUp(email);
    await client.signOut();
    const response = await client.signIn(email, "not the password");
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      code: 1000,
      message: "Unauthorized",
      reason: "Invalid email or password",
    });
  });

  it("makes no second account with the same e-mail, answering as for a new one", async () => {
    const email = uniqueEmail();
    const first = await new TestClient(server.localUrl).signUp(email);
    const client = new TestClient(server.localUrl);
    const response = await client.request("POST", "/api/better-auth/sign-up/email", {
      json: { email, password: "another long passphrase", name: "Other" },
    });
    // Without saying the address is taken: the answer of a new account, which signs nobody in.
    expect(response.status).toBe(200);
    expect(response.body.user.email).toBe(email);
    expect(response.body.user.id).not.toBe(first.body.user.id);
    expect((await client.session()).body).toBeNull();
    expect((await client.signIn(email, "another long passphrase")).status).toBe(401);
  });

  it("answers malformed auth bodies with 400 and code 1002, never a 500", async () => {
    const client = new TestClient(server.localUrl);
    const bodies = ['{"email":1}', "{not json", '{"email":"x@y.z","password":""}', "[]", "null"];
    for (const body of bodies) {
      const response = await client.request("POST", "/api/better-auth/sign-in/email", {
        body,
        headers: { "content-type": "application/json" },
      });
      expect(response.status, body).toBeGreaterThanOrEqual(400);
      expect(response.status, body).toBeLessThan(500);
      expect(typeof response.body.code, body).toBe("number");
      expect(typeof response.body.message, body).toBe("string");
    }
  });

  it("keeps a user signed in across a server restart on the same database", async () => {
    const client = new TestClient(server.localUrl);
    const email = uniqueEmail();
    await client.signUp(email);
    await server.stop();
    server = await server.restart();
    const again = new TestClient(server.localUrl);
    // The cookie jar belongs to the origin; copy it over to the restarted server's port.
    Object.assign(again, {
      cookies: (client as unknown as { cookies: Map<string, string> }).cookies,
    });
    const session = await again.session();
    expect(session.body?.user.email).toBe(email);
  });

  it("refuses a cookie-carrying write from an untrusted origin (CSRF)", async () => {
    const client = new TestClient(server.localUrl);
    await client.signUp(uniqueEmail());
    const evil = new TestClient(server.localUrl, { origin: "https://evil.example" });
    Object.assign(evil, {
      cookies: (client as unknown as { cookies: Map<string, string> }).cookies,
    });
    const response = await evil.request("POST", "/api/better-auth/update-user", {
      json: { name: "pwned" },
    });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe(1004);
    expect((await client.session()).body.user.name).toBe("Reader");
  });
});
