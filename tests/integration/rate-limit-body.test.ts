import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

const deepArrays = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const deepObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
const VALUES = [
  "null",
  "[]",
  "{}",
  '{"first":"Ada","last":{"x":[1]}}',
  "5",
  "true",
  deepArrays(50_000),
  deepObjects(50_000),
];
const BODIES = [
  ...VALUES,
  ...VALUES.map((v) => `{"name":${v}}`),
  ...VALUES.map((v) => `{"ids":${v},"entryIds":${v},"entryId":${v}}`),
  `{"name":"${"n".repeat(20_000)}"}`,
  `{"image":"${"i".repeat(5_000)}"}`,
  "{}",
];

/**
 * better-auth refuses a rate-limited call before reading its body; the unread rest stayed on
 * the kept-alive socket and the next request on it failed ("other side closed"). Found by the
 * body fuzz; the answer now closes such a connection.
 */
describe("rate-limited auth requests with unread bodies", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite", { AUTH_RATE_LIMIT_MAX: "3" });
  });
  afterAll(() => server?.close());

  it("answers every one with a coded 4xx, and the next request still gets through", async () => {
    const client = new TestClient(server.localUrl);
    await client.signUp(uniqueEmail("limited"));
    const statuses: number[] = [];
    for (const body of BODIES) {
      const answer = await client.request("POST", "/api/better-auth/sign-in/social", {
        body,
        headers: { "content-type": "application/json" },
      });
      statuses.push(answer.status);
      expect(typeof answer.body.code).toBe("number");
    }
    expect(statuses).toContain(429);
    expect(statuses.every((s) => s >= 400 && s < 500)).toBe(true);
    expect((await client.request("GET", "/api/health")).status).toBe(200);
  });
});
