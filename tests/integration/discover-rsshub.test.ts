import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeRsshub } from "../support/fake-rsshub.ts";
import type { FeedServer } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

describe.each(DIALECTS)("feed-route (RSSHub) catalogue on %s", (dialect) => {
  let server: TestServer;
  let rsshub: FeedServer;
  let alice: TestClient;
  let bob: TestClient;

  beforeAll(async () => {
    rsshub = await startFakeRsshub();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
      FEED_ROUTE_BASE_URL: rsshub.baseUrl,
    });
    alice = new TestClient(server.localUrl);
    bob = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("alice-rsshub"));
    await bob.signUp(uniqueEmail("bob-rsshub"));
  });
  afterAll(async () => {
    await server?.close();
    await rsshub?.stop();
  });

  it("lists the instance's namespaces and routes with their parameters", async () => {
    const response = await alice.request("GET", "/api/discover/rsshub");
    expect(response.status).toBe(200);
    expect(response.body.instance).toBe(rsshub.baseUrl);
    expect(response.body.status).toEqual({
      checkedAt: expect.any(String),
      latencyMs: expect.any(Number),
      error: null,
    });
    expect(Object.keys(response.body.data).sort()).toEqual(["36kr", "github"]);
    const route = response.body.data.github.routes["/issue/:user/:repo/:state?/:labels?"];
    expect(route).toMatchObject({
      name: "Repo Issues",
      example: "/github/issue/DIYgod/RSSHub/open",
      categories: ["programming"],
      maintainers: ["HenryQW", "AndreyMZ"],
      view: 0,
      parameters: {
        user: { description: "GitHub username" },
        state: {
          description: "the state of the issues",
          default: "open",
          options: [
            { value: "open", label: "Open" },
            { value: "closed", label: "Closed" },
          ],
        },
      },
    });
    expect(response.body.data["36kr"]).toMatchObject({ name: "36kr", lang: "zh-CN" });
  });

  it("filters by category, categories, namespace and language", async () => {
    const keys = async (query: string) =>
      Object.keys((await alice.request("GET", `/api/discover/rsshub?${query}`)).body.data).sort();
    expect(await keys("category=programming")).toEqual(["github"]);
    expect(await keys("categories=new-media,programming")).toEqual(["36kr", "github"]);
    expect(await keys("namespace=36kr")).toEqual(["36kr"]);
    expect(await keys("lang=zh-CN")).toEqual(["36kr"]);
    expect(await keys("category=travel")).toEqual([]);
  });

  it("reads the listing once and keeps it (1 hour), for every user", async () => {
    await bob.request("GET", "/api/discover/rsshub");
    await alice.request("GET", "/api/discover/category?category=programming");
    expect(rsshub.hits.get("/api/namespace")).toBe(1);
  });

  it("shows a category's routes on its page", async () => {
    const page = await bob.request("GET", "/api/discover/category?category=new-media");
    expect(Object.keys(page.body.data.namespaces)).toEqual(["36kr"]);
  });

  it("previews a built route through discover, then follows it", async () => {
    const url = "rsshub://github/issue/follow/app/open";
    const preview = await alice.request("POST", "/api/discover", { json: { keyword: url } });
    expect(preview.status).toBe(200);
    expect(preview.body.data[0].feed.title).toBe("follow/app open issues");
    expect(preview.body.data[0].entries.map((e: { title: string }) => e.title)).toEqual([
      "Trending is empty",
      "Add RSSHub panel",
    ]);
    const follow = await alice.request("POST", "/api/subscriptions", { json: { url, view: 0 } });
    expect(follow.status).toBe(200);
    expect(follow.body.feed.title).toBe("follow/app open issues");
    // Followed publicly, it joins its route's categories on this server.
    const programming = await bob.request("GET", "/api/discover/category?category=programming");
    expect(
      programming.body.data.feeds.map((f: { feed: { title: string } }) => f.feed.title),
    ).toEqual(["follow/app open issues"]);
    const media = await bob.request("GET", "/api/discover/category?category=new-media");
    expect(media.body.data.feeds).toEqual([]);
    const missing = await alice.request("POST", "/api/discover", {
      json: { keyword: "rsshub://github/issue/nobody/nothing" },
    });
    // No feed there, but the address fits a route: the answer opens its builder instead.
    expect(missing.status).toBe(200);
    expect(missing.body.data).toEqual([
      expect.objectContaining({ namespace: "github", route: expect.any(Object) }),
    ]);
  });
});
