import { createHash } from "node:crypto";
import { FeedServer, rssFeed } from "./feed-server.ts";

/**
 * A stand-in for an RSSHub instance on 127.0.0.1: its route listing (`GET /api/namespace`,
 * namespaces keyed by id, routes keyed by path, parameters as text or `{description, options}`)
 * and the feeds of the routes it lists.
 */
export const RSSHUB_NAMESPACES = {
  github: {
    name: "GitHub",
    url: "github.com",
    description: "",
    categories: ["programming"],
    lang: "en",
    routes: {
      "/issue/:user/:repo/:state?/:labels?": {
        path: "/issue/:user/:repo/:state?/:labels?",
        categories: ["programming"],
        example: "/github/issue/DIYgod/RSSHub/open",
        parameters: {
          user: "GitHub username",
          repo: "GitHub repo name",
          state: {
            description: "the state of the issues",
            options: [
              { value: "open", label: "Open" },
              { value: "closed", label: "Closed" },
            ],
            default: "open",
          },
          labels: "a list of labels, separated by commas",
        },
        features: { requireConfig: false, requirePuppeteer: false },
        radar: [{ source: ["github.com/:user/:repo/issues"] }],
        name: "Repo Issues",
        maintainers: ["HenryQW", "AndreyMZ"],
        location: "issue.ts",
        view: 0,
      },
    },
  },
  "36kr": {
    name: "36kr",
    url: "36kr.com",
    lang: "zh-CN",
    routes: {
      "/hot-list/:category?": {
        path: "/hot-list/:category?",
        categories: ["new-media", "popular"],
        example: "/36kr/hot-list",
        parameters: { category: "分类，默认为24小时热榜" },
        name: "资讯热榜",
        maintainers: ["nczitzk"],
        location: "hot-list.ts",
      },
    },
  },
  // Not the documented shape: dropped, never a 500.
  broken: { name: 5, routes: "none" },
};

export function startFakeRsshub(): Promise<FeedServer> {
  const server = new FeedServer();
  return server.start().then((started) => {
    started.serve("/api/namespace", JSON.stringify(RSSHUB_NAMESPACES), "application/json");
    started.serve(
      "/github/issue/follow/app/open",
      rssFeed("follow/app open issues", [
        { guid: "issue-1", title: "Trending is empty", date: new Date() },
        { guid: "issue-2", title: "Add RSSHub panel", date: new Date(Date.now() - 3_600_000) },
      ]),
    );
    return started;
  });
}

/**
 * A person's own RSSHub instance on 127.0.0.1 that asks for an access key the way RSSHub does:
 * its front page is open (and shows its build, "Git Hash"), every other path needs `?key=` or
 * `?code=` (md5 of the path and the key), else 403. It lists one namespace, `mine`.
 */
export function startKeyedRsshub(accessKey: string, gitHash = "5f3c2a1"): Promise<FeedServer> {
  const server = new FeedServer();
  const allowed = (url: URL) =>
    url.searchParams.get("key") === accessKey ||
    url.searchParams.get("code") ===
      createHash("md5")
        .update(url.pathname + accessKey)
        .digest("hex");
  const guarded = (
    path: string,
    contentType: string,
    body: string,
    seen: string[],
  ): Parameters<FeedServer["route"]> => [
    path,
    (request, response) => {
      const url = new URL(request.url ?? "/", "http://x");
      seen.push(url.search);
      if (!allowed(url)) {
        response.writeHead(403, { "content-type": "text/plain" }).end("Access denied.");
        return;
      }
      response.writeHead(200, { "content-type": contentType }).end(body);
    },
  ];
  return server.start().then((started) => {
    const queries: string[] = [];
    keyedQueries.set(started, queries);
    started.route("/", (_request, response) => {
      response
        .writeHead(200, { "content-type": "text/html" })
        .end(
          `<html><body><h1>Welcome to RSSHub!</h1><p>Git Hash: <a>${gitHash}</a></p></body></html>`,
        );
    });
    started.route(
      ...guarded(
        "/api/namespace",
        "application/json",
        JSON.stringify({
          mine: {
            name: "My notes",
            url: "notes.example",
            lang: "en",
            routes: {
              "/notes/:topic": {
                path: "/notes/:topic",
                categories: ["blog"],
                example: "/mine/notes/cats",
                parameters: { topic: "the topic" },
                name: "Notes by topic",
                maintainers: ["me"],
                location: "notes.ts",
              },
            },
          },
        }),
        queries,
      ),
    );
    started.route(
      ...guarded(
        "/mine/notes/cats",
        "application/rss+xml",
        rssFeed("Notes about cats", [{ guid: "c1", title: "Cats sleep a lot", date: new Date() }]),
        queries,
      ),
    );
    return started;
  });
}

/** The query strings a keyed instance was asked with (to see the key only went where needed). */
export const keyedQueries = new WeakMap<FeedServer, string[]>();
