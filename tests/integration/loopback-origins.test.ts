import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

/**
 * A default install (no PUBLIC_URL, listening on 127.0.0.1) is opened at http://localhost:<port>
 * as the README says: sign-up and writes from that page's origin are the server's own.
 */
describe("a default install reached by either loopback name", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer("sqlite", { AUTH_RATE_LIMIT_MAX: "1000" });
  });
  afterAll(() => server?.close());

  for (const name of ["localhost", "127.0.0.1", "[::1]"]) {
    it(`signs up and writes from http://${name}:<port>`, async () => {
      const port = new URL(server.localUrl).port;
      const client = new TestClient(server.localUrl);
      const origin = `http://${name}:${port}`;
      const headers = { origin, "sec-fetch-site": "cross-site" };
      const email = uniqueEmail("loopback");
      const signUp = await client.request("POST", "/api/better-auth/sign-up/email", {
        json: { email, password: "correct horse battery", name: "R" },
        headers,
      });
      expect(signUp.status, signUp.text).toBe(200);
      // Sign-up never signs in (it answers alike for a registered address): the app signs in next.
      const signIn = await client.request("POST", "/api/better-auth/sign-in/email", {
        json: { email, password: "correct horse battery" },
        headers,
      });
      expect(signIn.status, signIn.text).toBe(200);
      // A write the origin guard lets through reaches its handler (no such entry here).
      const write = await client.request("POST", "/api/collections", {
        json: { entryId: "1234567890123" },
        headers,
      });
      expect(write.body.code).not.toBe(1004);
      expect(write.status).not.toBe(403);
    });
  }

  it("refuses another origin and names the settings that would allow it", async () => {
    const client = new TestClient(server.localUrl);
    const signUp = await client.request("POST", "/api/better-auth/sign-up/email", {
      json: { email: uniqueEmail("elsewhere"), password: "correct horse battery", name: "R" },
      headers: { origin: "http://reader.example:3000", "sec-fetch-site": "cross-site" },
    });
    expect(signUp.status).toBe(403);
    expect(JSON.stringify(signUp.body)).toMatch(/PUBLIC_URL|TRUSTED_ORIGINS/);
  });
});
