import { describe, expect, it } from "vitest";
import { parseCatalogue } from "./route-catalogue.ts";
import { routeUrlMatcher } from "./route-feeds.ts";

const catalogue = parseCatalogue({
  github: { routes: { "/issue/:user/:repo/:state?": { categories: ["programming"] } } },
  rsshub: { routes: { "/transform/html/:url/:routeParams{.+}": {} } },
});

describe("routeUrlMatcher", () => {
  const matches = routeUrlMatcher("https://rsshub.example/base", catalogue);

  it("matches the URLs a route produces, optional parameters given or not", () => {
    expect(matches("https://rsshub.example/base/github/issue/a/b")).toBe(true);
    expect(matches("https://rsshub.example/base/github/issue/a/b/open")).toBe(true);
    expect(matches("https://rsshub.example/base/github/issue/a/b/open?limit=5")).toBe(true);
    expect(matches("https://rsshub.example/base/rsshub/transform/html/x/a/b/c")).toBe(true);
  });

  it("does not match other routes, too few or too many segments, or another instance", () => {
    expect(matches("https://rsshub.example/base/github/issue/a")).toBe(false);
    expect(matches("https://rsshub.example/base/github/issue/a/b/open/extra")).toBe(false);
    expect(matches("https://rsshub.example/base/github/pulls/a/b")).toBe(false);
    expect(matches("https://other.example/base/github/issue/a/b")).toBe(false);
    expect(matches("https://rsshub.example/baseX/github/issue/a/b")).toBe(false);
  });
});
