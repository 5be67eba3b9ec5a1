import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_VERSION, REQUEST_HEADERS } from "../../contract/constants.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

describe.each(DIALECTS)("API basics on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { AUTH_RATE_LIMIT_MAX: "1000" });
  });
  afterAll(() => server?.close());

  it("reports health with a real database round-trip", async () => {
    const response = await new TestClient(server.localUrl).request("GET", "/api/health");
    expect(response.status).toBe(200);
    // Only "ok" to the public: the version and database kind are the operator's (metrics).
    expect(response.body).toEqual({ status: "ok" });
  });

  it("answers unknown API paths with a coded 404, not the client app", async () => {
    const response = await new TestClient(server.localUrl).request("GET", "/api/no-such-thing");
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 1002, message: "Invalid parameter" });
    expect(response.body.reason).toContain("/api/no-such-thing");
  });

  it("requires a session for user data: 401 with code 1000", async () => {
    const response = await new TestClient(server.localUrl).request("POST", "/api/profiles/batch", {
      json: { ids: [] },
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      code: 1000,
      message: "Unauthorized",
      reason: "Sign in to continue",
    });
  });

  it("answers every malformed body with 400 and code 1002", async () => {
    const client = new TestClient(server.localUrl);
    await client.signUp(uniqueEmail());
    const cases: Array<{ body: string; type?: string }> = [
      { body: "{broken" },
      { body: '{"ids":"nope"}' },
      { body: '{"ids":[1,2]}' },
      { body: JSON.stringify({ ids: Array.from({ length: 101 }, (_, i) => String(i)) }) },
      { body: "null" },
      { body: '{"ids":[]}', type: "text/plain" },
    ];
    for (const { body, type } of cases) {
      const response = await client.request("POST", "/api/profiles/batch", {
        body,
        headers: { "content-type": type ?? "application/json" },
      });
      expect(response.status, body).toBe(400);
      expect(response.body.code, body).toBe(1002);
      expect(response.body.reason, body).toBeTruthy();
    }
  });

  it("rejects oversized bodies with 413 and code 1002", async () => {
    const client = new TestClient(server.localUrl);
    await client.signUp(uniqueEmail());
    const response = await client.request("POST", "/api/profiles/batch", {
      body: JSON.stringify({ ids: ["x".repeat(2_000_000)] }),
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe(1002);
  });

  it("returns public profiles keyed by id, with code 0", async () => {
    const client = new TestClient(server.localUrl);
    const me = await client.signUp(uniqueEmail(), "correct horse battery", "Ada");
    const id = me.body.user.id as string;
    const response = await client.request("POST", "/api/profiles/batch", {
      json: { ids: [id, "1234567890123"] },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      code: 0,
      data: { [id]: { id, name: "Ada", handle: null, image: null } },
    });
    expect(JSON.stringify(response.body)).not.toContain("@example.com");
  });

  it("logs the client headers of every request", async () => {
    const client = new TestClient(server.localUrl);
    await client.request("GET", "/api/health", {
      headers: {
        [REQUEST_HEADERS.platform]: "web",
        [REQUEST_HEADERS.appName]: "Follow",
        [REQUEST_HEADERS.appVersion]: APP_VERSION,
        [REQUEST_HEADERS.dev]: "1",
        [REQUEST_HEADERS.clientId]: "client-123",
        [REQUEST_HEADERS.sessionId]: "session-456",
      },
    });
    const line = server.logs.find(
      (l) => l.msg === "request" && (l.client as { clientId?: string })?.clientId === "client-123",
    );
    expect(line?.client).toEqual({
      platform: "web",
      appName: "Follow",
      appVersion: APP_VERSION,
      dev: true,
      clientId: "client-123",
      sessionId: "session-456",
    });
    expect(line).toMatchObject({ method: "GET", path: "/api/health", status: 200 });
    expect(typeof line?.traceId).toBe("string");
  });

  it("sends security headers", async () => {
    const response = await new TestClient(server.localUrl).request("GET", "/api/health");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("rate limiting and client serving (sqlite)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite", {
      AUTH_RATE_LIMIT_MAX: "3",
      RATE_LIMIT_WINDOW_SECONDS: "60",
    });
    const dist = join(server.dataDir, "dist");
    mkdirSync(join(dist, "assets"), { recursive: true });
    writeFileSync(
      join(dist, "index.html"),
      "<!doctype html><title>Follow</title><div id=root></div>",
    );
    writeFileSync(join(dist, "assets", "app-abc123.js"), "console.log('app')");
    writeFileSync(join(server.dataDir, "secret.txt"), "do not serve");
    await server.stop();
    server = await server.restart({
      AUTH_RATE_LIMIT_MAX: "3",
      RATE_LIMIT_WINDOW_SECONDS: "60",
      CLIENT_DIST_DIR: dist,
    });
  });
  afterAll(() => server?.close());

  it("limits sign-in attempts per address with 429 and code 12000, spoofed headers or not", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const client = new TestClient(server.localUrl);
      const response = await client.request("POST", "/api/better-auth/sign-in/email", {
        json: { email: "nobody@example.com", password: "wrong password" },
        headers: { "x-forwarded-for": `10.0.0.${i}`, "x-follow-client-ip": `10.1.0.${i}` },
      });
      statuses.push(response.status);
      if (response.status === 429) expect(response.body.code).toBe(12000);
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  it("serves the built client with SPA fallback and immutable assets", async () => {
    const client = new TestClient(server.localUrl);
    const root = await client.request("GET", "/timeline/view-0/all/pending");
    expect(root.status).toBe(200);
    expect(root.headers.get("content-type")).toContain("text/html");
    expect(root.text).toContain("<div id=root>");
    const asset = await client.request("GET", "/assets/app-abc123.js");
    expect(asset.headers.get("cache-control")).toContain("immutable");
    expect(asset.headers.get("content-type")).toContain("javascript");
  });

  it("never serves files outside the client directory", async () => {
    for (const path of ["/../secret.txt", "/%2e%2e/secret.txt", "/assets/..%2f..%2fsecret.txt"]) {
      const response = await new TestClient(server.localUrl).request("GET", path);
      expect(response.text, path).not.toContain("do not serve");
    }
  });
});

describe("behind HTTPS", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite", {
      PUBLIC_URL: "https://follow.example",
      TRUST_PROXY: "true",
    });
  });
  afterAll(() => server?.close());

  it("uses __Secure- prefixed cookies with the Secure flag", async () => {
    const client = new TestClient(server.localUrl, { origin: "https://follow.example" });
    const response = await client.signUp(uniqueEmail());
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.includes("session_token"));
    expect(cookie).toMatch(/^__Secure-/);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
  });
});

describe("graceful shutdown", () => {
  it("finishes in-flight requests, then refuses new connections", async () => {
    const server = await startTestServer("sqlite");
    const inFlight = new TestClient(server.localUrl).request(
      "POST",
      "/api/better-auth/sign-up/email",
      { json: { email: uniqueEmail(), password: "correct horse battery", name: "Reader" } },
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    const closing = server.close();
    const response = await inFlight;
    expect(response.status).toBe(200);
    await closing;
    await expect(fetch(`${server.localUrl}/api/health`)).rejects.toThrow();
  });
});
