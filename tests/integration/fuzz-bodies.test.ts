import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listEndpoints } from "../../contract/api/index.ts";
import { SETTINGS_TABS } from "../../contract/settings.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

/**
 * Arbitrary bodies against every write endpoint: always a coded 4xx, never a 500. (POST
 * subscriptions is left out: a body that happens to carry a URL would make the server fetch it,
 * and tests send nothing beyond loopback; tests/integration/reading.test.ts covers its errors.)
 */
/** Not fuzzed: POST subscriptions and imports (see above), and sign-out (it would end the session). */
const SKIPPED = new Set([
  "subscriptions.subscribe",
  "auth.signOut",
  // A keyword that looks like an address is fetched: tests/integration/discover.test.ts fuzzes it.
  "discover.search",
  // An import subscribes to the URLs it is given, like POST subscriptions; its malformed
  // bodies are fuzzed without URLs in tests/integration/opml.test.ts.
  "subscriptions.importOpml",
  // It sends to registered push services; tests/integration/push.test.ts covers it.
  "push.test",
  // Adding an instance checks its address at once: tests/integration/rsshub-instances.test.ts
  // fuzzes it with bodies that carry no fetchable address.
  "feedRouteInstances.add",
]);

/** A path of the table with its parameters filled in (each settings tab). */
const fill = (path: string): string[] =>
  path.includes(":tab")
    ? SETTINGS_TABS.map((tab) => path.replace(":tab", tab))
    : [path.replace(/:[A-Za-z]+/g, "1234567890123")];

/** Every write of the endpoint table, and better-auth calls the client does not make. */
const ENDPOINTS: Array<[method: string, path: string]> = [
  ...listEndpoints()
    .filter(({ name, endpoint }) => endpoint.method !== "GET" && !SKIPPED.has(name))
    .flatMap(({ endpoint }) =>
      fill(endpoint.path).map((path): [string, string] => [endpoint.method, `/api${path}`]),
    ),
  ["POST", "/api/better-auth/update-user"],
  ["POST", "/api/better-auth/change-password"],
  ["POST", "/api/better-auth/two-factor/enable"],
];

/** Nesting far beyond any real body: once a 500 (a recursive walk overflowed the stack). */
const deepArrays = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const deepObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

/** Shapes that once answered 500 (issue 10, L3), as whole bodies and as the user's name. */
const HOSTILE_VALUES = [
  "null",
  "[]",
  "{}",
  '{"first":"Ada","last":{"x":[1]}}',
  "5",
  "true",
  deepArrays(50_000),
  deepObjects(50_000),
];
const HOSTILE_BODIES = [
  ...HOSTILE_VALUES,
  ...HOSTILE_VALUES.map((value) => `{"name":${value}}`),
  ...HOSTILE_VALUES.map((value) => `{"ids":${value},"entryIds":${value},"entryId":${value}}`),
  `{"name":"${"n".repeat(20_000)}"}`,
  `{"image":"${"i".repeat(5_000)}"}`,
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
  let clientDir: string;
  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), "follow-fuzz-client-"));
    writeFileSync(join(clientDir, "index.html"), "<!doctype html><title>Follow</title>");
    server = await startTestServer("sqlite", {
      AUTH_RATE_LIMIT_MAX: "100000",
      RATE_LIMIT_MAX: "100000",
      CLIENT_DIST_DIR: clientDir,
    });
    client = new TestClient(server.localUrl);
    await client.signUp(uniqueEmail("fuzz"), "correct horse battery", "Fuzz");
  });
  afterAll(async () => {
    await server?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  async function expectCoded4xx(
    response: Awaited<ReturnType<TestClient["request"]>>,
    label: string,
  ) {
    expect(response.status, label).toBeGreaterThanOrEqual(400);
    expect(response.status, label).toBeLessThan(500);
    expect(typeof response.body.code, label).toBe("number");
    expect(typeof response.body.message, label).toBe("string");
  }

  it("answers the shapes that once made a 500 with a coded 4xx on every endpoint", async () => {
    for (const [method, path] of ENDPOINTS) {
      for (const body of HOSTILE_BODIES) {
        const response = await client.request(method, path, {
          body,
          headers: { "content-type": "application/json" },
        });
        const label = `${method} ${path} ${body.slice(0, 40)}`;
        // Some shapes are valid for some endpoints ({} marks nothing read); none may be a 5xx.
        expect(response.status, label).toBeLessThan(500);
        if (response.status >= 400) await expectCoded4xx(response, label);
      }
    }
    for (const name of [null, [], {}, { first: "Ada" }, 5, "n".repeat(20_000)]) {
      const response = await client.request("POST", "/api/better-auth/update-user", {
        json: { name },
      });
      await expectCoded4xx(response, `update-user name ${JSON.stringify(name).slice(0, 20)}`);
    }
    const session = await client.session();
    expect(session.status).toBe(200);
    expect(session.body.user.name).toBe("Fuzz");
  });

  it("answers broken percent-encoding in any page path with 400, never a 500", async () => {
    const fixed = ["/%", "/%E0%A4%A", "/%%", "/%C3%28", "/a/%ED%A0%80", "/%FF"];
    for (const path of fixed) {
      const response = await client.request("GET", path);
      expect(response.status, path).toBe(400);
      expect(response.body.code, path).toBe(1002);
    }
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.constantFrom("%", "%E0", "%A4", "%zz", "a", "/", "%2F", "%25"),
            fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, "0")}`),
          ),
          { minLength: 1, maxLength: 8 },
        ),
        async (parts) => {
          const path = `/page/${parts.join("")}`;
          const response = await client.request("GET", path);
          expect(response.status, path).toBeLessThan(500);
        },
      ),
      { numRuns: 200 },
    );
  });

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
