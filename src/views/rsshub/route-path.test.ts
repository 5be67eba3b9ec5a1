import { describe, expect, it } from "vitest";
import { buildRoute, routeParams } from "./route-path.ts";

const ISSUES = "/issue/:user/:repo/:state?/:labels?";

describe("feed route paths", () => {
  it("reads a path's parameters", () => {
    expect(routeParams(ISSUES)).toEqual([
      { name: "user", optional: false, rest: false },
      { name: "repo", optional: false, rest: false },
      { name: "state", optional: true, rest: false },
      { name: "labels", optional: true, rest: false },
    ]);
    expect(routeParams("/transform/:url/:routeParams{.+}?")[1]).toEqual({
      name: "routeParams",
      optional: true,
      rest: true,
    });
  });

  it("builds the rsshub:// address, stopping at the first empty optional", () => {
    expect(buildRoute("github", ISSUES, { user: "follow", repo: "app" })).toEqual({
      url: "rsshub://github/issue/follow/app",
      missing: [],
    });
    expect(buildRoute("github", ISSUES, { user: "a", repo: "b", state: "open" }).url).toBe(
      "rsshub://github/issue/a/b/open",
    );
    expect(buildRoute("36kr", "/hot-list/:category?", {}).url).toBe("rsshub://36kr/hot-list");
  });

  it("says what is missing: required ones, and optionals before a filled one", () => {
    expect(buildRoute("github", ISSUES, { user: "a" })).toEqual({ url: null, missing: ["repo"] });
    expect(buildRoute("github", ISSUES, { user: "a", repo: "b", labels: "bug" })).toEqual({
      url: null,
      missing: ["state"],
    });
  });

  it("encodes values, keeping slashes only where the route takes a rest of the path", () => {
    expect(buildRoute("x", "/q/:word", { word: "a b/c?" }).url).toBe("rsshub://x/q/a%20b%2Fc%3F");
    expect(buildRoute("x", "/p/:path{.+}", { path: "a/b c" }).url).toBe("rsshub://x/p/a/b%20c");
  });
});
