import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

/**
 * Arbitrary bodies against every write endpoint: always a coded 4xx, never a 500. (POST
 * subscriptions is left out: a body that happens to carry a URL would make the server fetch it,
 * and tests send nothing beyond loopback; tests/integration/reading.test.ts covers its errors.)
 */
const ENDPOINTS: Array<[method: string, path: string]> = [
  ["POST", "/api/profiles/batch"],
  ["POST", "/api/better-auth/sign-in/email"],
  ["POST", "/api/better-auth/sign-up/email"],
  ["POST", "/api/better-auth/update-user"],
  ["POST", "/api/better-auth/change-password"],
  ["POST", "/api/better-auth/two-factor/enable"],
  ["PATCH", "/api/subscriptions"],
  ["DELETE", "/api/subscriptions"],
  ["PATCH", "/api/subscriptions/batch"],
  ["PATCH", "/api/categories"],
  ["DELETE", "/api/categories"],
  ["POST", "/api/entries"],
  ["POST", "/api/entries/stream"],
  ["POST", "/api/reads"],
  ["DELETE", "/api/reads"],
  ["POST", "/api/reads/all"],
  ["POST", "/api/collections"],
  ["DELETE", "/api/collections"],
  ["PATCH", "/api/settings/general"],
];

const bodies = fc.oneof(
  fc.string(),
  fc.json(),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc
    .record({
      email: fc.oneof(fc.string(), fc.integer()),
      password: fc.anything(),
      ids: fc.anything(),
    })
    .map((v) => JSON.stringify(v)),
);

describe("malformed bodies (sqlite)", () => {
  let server: TestServer;
  let client: TestClient;
  beforeAll(async () => {
    server = await startTestServer("sqlite", {
      AUTH_RATE_LIMIT_MAX: "100000",
      RATE_LIMIT_MAX: "100000",
    });
    client = new TestClient(server.localUrl);
    await client.signUp(uniqueEmail("fuzz"));
  });
  afterAll(() => server?.close());

  it("never answers 5xx and always with {code, message}", async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENDPOINTS), bodies, async ([method, path], body) => {
        runs += 1;
        const response = await client.request(method, path, {
          body,
          headers: { "content-type": "application/json" },
        });
        expect(response.status, `${path} ${body}`).toBeLessThan(500);
        if (response.status >= 400) {
          expect(typeof response.body.code, `${path} ${body}`).toBe("number");
          expect(typeof response.body.message).toBe("string");
        }
      }),
      { numRuns: 400 },
    );
    console.info(`[fuzz] ${runs} malformed bodies across ${ENDPOINTS.length} endpoints, no 5xx`);
    expect((await client.session()).status).toBe(200);
  });
});
