import { describe, expect, it } from "vitest";
import { parseSearchQuery } from "../../contract/search/query.ts";
import { parseCatalogue } from "./route-catalogue.ts";
import { matchRoutes } from "./route-matches.ts";

const catalogue = parseCatalogue({
  github: {
    name: "GitHub",
    routes: {
      "/issue/:user/:repo/:state?": {
        path: "/issue/:user/:repo/:state?",
        name: "Repo Issues",
        example: "/github/issue/DIYgod/RSSHub/open",
      },
      "/trending/:since": { path: "/trending/:since", name: "Trending", example: "" },
    },
  },
  "36kr": { name: "36kr", routes: { "/hot-list": { path: "/hot-list", name: "资讯热榜" } } },
});

const words = (text: string) => {
  const parsed = parseSearchQuery(text);
  if (!parsed.ok) throw new Error(parsed.reason);
  return matchRoutes(catalogue, text, parsed.query);
};

describe("matchRoutes", () => {
  it("matches an rsshub:// address against its namespace's path patterns", () => {
    const found = matchRoutes(catalogue, "rsshub://github/issue/follow/app", null);
    expect(found.map((r) => r.route.path)).toEqual(["/issue/:user/:repo/:state?"]);
    expect(found[0]).toMatchObject({
      namespace: "github",
      namespaceName: "GitHub",
      exampleUrl: "rsshub://github/issue/DIYgod/RSSHub/open",
    });
    expect(matchRoutes(catalogue, "rsshub://github/issue", null)).toEqual([]);
    expect(matchRoutes(catalogue, "rsshub://nowhere/issue/a/b", null)).toEqual([]);
  });

  it("matches words in a route's name, namespace and path", () => {
    expect(words("repo issues").map((r) => r.route.name)).toEqual(["Repo Issues"]);
    expect(
      words("github")
        .map((r) => r.route.name)
        .sort(),
    ).toEqual(["Repo Issues", "Trending"]);
    expect(words("trending").map((r) => r.exampleUrl)).toEqual([""]);
    expect(words("热榜").map((r) => r.namespace)).toEqual(["36kr"]);
    expect(words("kitchen")).toEqual([]);
  });
});
