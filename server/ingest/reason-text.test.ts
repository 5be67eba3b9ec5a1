import { describe, expect, it } from "vitest";
import { httpStatusFailed, noFeedFound, tooLargeFailed } from "./errors.ts";

/** The reasons quick add shows most often are written for people, in the reader's language. */
describe("ingest failure reasons in words", () => {
  it("say the HTTP status, in English by default and in the Accept-Language", () => {
    const error = httpStatusFailed("https://a.example/feed.xml", 404, null);
    expect(error.code).toBe(2003);
    expect(error.httpStatus).toBe(404);
    expect(error.reasonIn(null)).toBe("https://a.example/feed.xml answered HTTP 404");
    expect(error.reasonIn("ja,en;q=0.5")).toBe(
      "https://a.example/feed.xml が HTTP 404 を返しました",
    );
    expect(error.reasonIn("zh-TW")).toContain("回應了 HTTP 404");
  });

  it("say the size limit and that a page links no feed", () => {
    expect(tooLargeFailed("10 MB").reasonIn(null)).toBe("the response is too large (over 10 MB)");
    expect(tooLargeFailed("10 MB").reasonIn("zh-CN")).toBe("响应过大（超过 10 MB）");
    const none = noFeedFound("https://site.example/", 12);
    expect(none.code).toBe(2004);
    expect(none.kind).toBe("not-a-feed");
    expect(none.reasonIn(null)).toContain("no feed found at https://site.example/ (tried 12");
    expect(none.reasonIn(null)).toContain("not a feed and links to none");
    expect(none.reasonIn("ja")).toContain("フィードが見つかりません");
  });
});
