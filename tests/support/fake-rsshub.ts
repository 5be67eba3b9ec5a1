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
