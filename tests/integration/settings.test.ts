import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_SETTINGS_TAB_BYTES } from "../../contract/settings.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

/** GET settings and PATCH settings/{tab} per user, merged per tab, stamped. */
describe.each(DIALECTS)("settings API on %s", (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;

  beforeAll(async () => {
    server = await startTestServer(dialect, { AUTH_RATE_LIMIT_MAX: "1000" });
    alice = new TestClient(server.localUrl);
    bob = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("alice-settings"));
    await bob.signUp(uniqueEmail("bob-settings"));
  });
  afterAll(() => server?.close());

  it("starts empty, then merges each change into its tab with a fresh stamp", async () => {
    expect((await alice.request("GET", "/api/settings")).body).toEqual({
      code: 0,
      settings: {},
      updated: {},
    });
    const first = await alice.request("PATCH", "/api/settings/general", {
      json: { renderMarkUnread: true, groupByDate: false },
    });
    expect(first.status).toBe(200);
    const stamped = (await alice.request("GET", "/api/settings")).body.updated.general as string;
    expect(Date.parse(stamped)).not.toBeNaN();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await alice.request("PATCH", "/api/settings/general", { json: { groupByDate: true } });
    await alice.request("PATCH", "/api/settings/appearance", { json: { colorMode: "dark" } });

    const all = (await alice.request("GET", "/api/settings")).body;
    expect(all.settings).toEqual({
      general: { renderMarkUnread: true, groupByDate: true },
      appearance: { colorMode: "dark" },
    });
    expect(Date.parse(all.updated.general)).toBeGreaterThan(Date.parse(stamped));
    const one = (await alice.request("GET", "/api/settings?tab=appearance")).body;
    expect(Object.keys(one.settings)).toEqual(["appearance"]);
  });

  it("keeps each user's settings to themselves", async () => {
    expect((await bob.request("GET", "/api/settings")).body.settings).toEqual({});
    await bob.request("PATCH", "/api/settings/general", { json: { groupByDate: false } });
    expect((await alice.request("GET", "/api/settings")).body.settings.general.groupByDate).toBe(
      true,
    );
    const anonymous = await new TestClient(server.localUrl).request("GET", "/api/settings");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe(1000);
  });

  it("refuses unknown tabs with 7001 and bodies that are not an object of settings with 7002", async () => {
    const tooMany = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`key${i}`, i]));
    const cases: Array<[string, unknown, number]> = [
      ["/api/settings/billing", { a: 1 }, 7001],
      ["/api/settings/__proto__", { a: 1 }, 7001],
      ["/api/settings/general", [1, 2], 7002],
      ["/api/settings/general", "dark", 7002],
      ["/api/settings/general", null, 7002],
      ["/api/settings/general", tooMany, 7002],
      ["/api/settings/general", { "": 1 }, 7002],
    ];
    for (const [path, json, code] of cases) {
      const response = await alice.request("PATCH", path, { json });
      expect(response.status, `${path} ${JSON.stringify(json).slice(0, 40)}`).toBe(400);
      expect(response.body.code).toBe(code);
    }
    const broken = await alice.request("PATCH", "/api/settings/general", {
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(broken.body.code).toBe(7002);
    expect((await alice.request("GET", "/api/settings?tab=billing")).body.code).toBe(7001);
  });

  it("answers a 50,000-deep settings object with 7002, not a 500", async () => {
    const deep = `{"deep":${"[".repeat(50_000)}${"]".repeat(50_000)}}`;
    let nested = "1";
    for (let i = 0; i < 50_000; i++) nested = `{"a":${nested}}`;
    for (const body of [deep, `{"deep":${nested}}`]) {
      const response = await alice.request("PATCH", "/api/settings/general", {
        body,
        headers: { "content-type": "application/json" },
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe(7002);
    }
    expect(
      (await alice.request("GET", "/api/settings")).body.settings.general.deep,
    ).toBeUndefined();
  });

  it("caps a tab at 64 KB with 7003, whether one PATCH or many make it grow", async () => {
    const carol = new TestClient(server.localUrl);
    await carol.signUp(uniqueEmail("carol-settings"));
    const big = await carol.request("PATCH", "/api/settings/integration", {
      json: { blob: "x".repeat(MAX_SETTINGS_TAB_BYTES) },
    });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe(7003);

    // Thirty 900 KB PATCHes once made a 27 MB tab: now growth stops at the cap.
    const chunk = "y".repeat(20_000);
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await carol.request("PATCH", "/api/settings/integration", {
        json: { [`part${i}`]: chunk },
      });
      answers.push(response.body.code);
    }
    expect(answers).toEqual([0, 0, 0, 7003, 7003]);
    const stored = (await carol.request("GET", "/api/settings?tab=integration")).body.settings;
    expect(Object.keys(stored.integration)).toEqual(["part0", "part1", "part2"]);
    expect(JSON.stringify(stored.integration).length).toBeLessThanOrEqual(MAX_SETTINGS_TAB_BYTES);
    // Replacing a value with a smaller one still works at the cap.
    const shrink = await carol.request("PATCH", "/api/settings/integration", {
      json: { part0: "small" },
    });
    expect(shrink.body.code).toBe(0);
  });
});
