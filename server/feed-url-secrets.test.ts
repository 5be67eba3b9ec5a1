import { describe, expect, it } from "vitest";
import { feedForNonSubscriber, feedUrlHasSecret, redactFeedUrl } from "./feed-url-secrets.ts";

describe("feed URL credentials", () => {
  it("redacts userinfo, secret-looking parameters and token path segments", () => {
    const cases: Array<[string, string]> = [
      ["https://user:pw@example.com/feed.xml", "https://example.com/feed.xml"],
      [
        "https://example.com/rss?token=abc123&page=2",
        "https://example.com/rss?token=redacted&page=redacted",
      ],
      [
        "https://example.com/rss?api_key=k&apiKey=k2",
        "https://example.com/rss?api_key=redacted&apiKey=redacted",
      ],
      ["https://example.com/rss?access_token=t", "https://example.com/rss?access_token=redacted"],
      [
        "https://example.com/rss?sig=x&signature=y",
        "https://example.com/rss?sig=redacted&signature=redacted",
      ],
      [
        "https://example.com/rss?session=x&password=y",
        "https://example.com/rss?session=redacted&password=redacted",
      ],
      [
        "https://example.com/rss?secret=x&auth=y",
        "https://example.com/rss?secret=redacted&auth=redacted",
      ],
      [
        "https://example.com/rss?X-Amz-Signature=x",
        "https://example.com/rss?X-Amz-Signature=redacted",
      ],
      [
        "https://example.com/private/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b/feed.xml",
        "https://example.com/private/redacted/feed.xml",
      ],
      [
        "https://example.com/feed/3f2a1c9e-8b7d-4e6f-9a0b-1c2d3e4f5a6b",
        "https://example.com/feed/redacted",
      ],
      ["https://example.com/cb#access_token=abc", "https://example.com/cb#redacted"],
      // Any parameter, whatever its name: a secret is not always called "token".
      ["https://example.com/rss?k2=Zx81Qp", "https://example.com/rss?k2=redacted"],
      ["https://example.com/rss?Zx81Qp", "https://example.com/rss?redacted="],
      [
        "https://www.youtube.com/feeds/videos.xml?channel_id=UCXuqSBlHAE6Xw-yeJA0Tunw",
        "https://www.youtube.com/feeds/videos.xml?channel_id=redacted",
      ],
      [
        "https://example.com/rss?author=ada&category=news&page=2",
        "https://example.com/rss?author=redacted&category=redacted&page=redacted",
      ],
      ["https://user@example.com/feed.xml", "https://example.com/feed.xml"],
    ];
    for (const [url, redacted] of cases) {
      expect(redactFeedUrl(url), url).toBe(redacted);
      expect(feedUrlHasSecret(url), url).toBe(true);
      expect(redactFeedUrl(url)).not.toMatch(/abc123|pw@|user@|=k\b|=t\b|Zx81Qp|UCXuqSB|ada/);
    }
  });

  it("leaves ordinary feed URLs alone", () => {
    for (const url of [
      "https://example.com/feed.xml",
      "https://example.com/2024/01/a-very-long-post-title-with-words/feed/",
      "https://example.com/blog#comments",
      "https://github.com/owner/repo/releases.atom",
    ]) {
      expect(redactFeedUrl(url), url).toBe(url);
      expect(feedUrlHasSecret(url), url).toBe(false);
    }
  });

  it("hides a fetch error that could quote the URL from non-subscribers", () => {
    const feed = { url: "https://example.com/rss?token=abc", errorMessage: "404 at ...token=abc" };
    expect(feedForNonSubscriber(feed)).toEqual({
      url: "https://example.com/rss?token=redacted",
      errorMessage: "redacted",
    });
    const plain = { url: "https://example.com/rss", errorMessage: "timeout" };
    expect(feedForNonSubscriber(plain)).toBe(plain);
  });
});
