import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

/** GET settings and PATCH settings/{tab} (SPEC §7): per user, merged per tab, stamped. */
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

  it("refuses unknown tabs and bodies that are not an object of settings with 1002", async () => {
    const tooMany = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`key${i}`, i]));
    const cases: Array<[string, unknown]> = [
      ["/api/settings/billing", { a: 1 }],
      ["/api/settings/general", [1, 2]],
      ["/api/settings/general", "dark"],
      ["/api/settings/general", tooMany],
      ["/api/settings/general", { "": 1 }],
    ];
    for (const [path, json] of cases) {
      const response = await alice.request("PATCH", path, { json });
      expect(response.status, `${path} ${JSON.stringify(json).slice(0, 40)}`).toBe(400);
      expect(response.body.code).toBe(1002);
    }
    expect((await alice.request("GET", "/api/settings?tab=billing")).body.code).toBe(1002);
  });
});
