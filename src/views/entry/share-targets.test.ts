import { describe, expect, it } from "vitest";
import { mastodonHost, shareTargets } from "./share-targets.ts";

describe("share targets", () => {
  const entry = { url: "https://blog.example/posts/1?a=b&c=d", title: "Tea & biscuits" };

  it("shares by e-mail, on X and on Telegram, with the title and the link encoded", () => {
    const targets = Object.fromEntries(shareTargets(entry, null).map((t) => [t.id, t.href]));
    expect(Object.keys(targets)).toEqual(["email", "x", "telegram"]);
    expect(targets.email).toBe(
      "mailto:?subject=Tea%20%26%20biscuits&body=https%3A%2F%2Fblog.example%2Fposts%2F1%3Fa%3Db%26c%3Dd",
    );
    const x = new URL(targets.x!);
    expect(x.origin + x.pathname).toBe("https://x.com/intent/post");
    expect(x.searchParams.get("url")).toBe(entry.url);
    expect(x.searchParams.get("text")).toBe(entry.title);
    const telegram = new URL(targets.telegram!);
    expect(telegram.searchParams.get("url")).toBe(entry.url);
  });

  it("shares on the user's own Mastodon instance, and only on a real host", () => {
    const mastodon = shareTargets(entry, "https://Fosstodon.org/@me").find(
      (t) => t.id === "mastodon",
    );
    expect(mastodon?.href.startsWith("https://fosstodon.org/share?text=")).toBe(true);
    expect(new URL(mastodon!.href).searchParams.get("text")).toBe(`${entry.title} ${entry.url}`);
    expect(mastodonHost("mastodon.social")).toBe("mastodon.social");
    for (const bad of ["", "not a host", "javascript:alert(1)", "localhost", "a b.example"]) {
      expect(mastodonHost(bad), bad).toBeNull();
    }
  });

  it("works without a title", () => {
    const [email, x] = shareTargets({ url: "https://a.example/", title: null }, null);
    expect(email!.href).toBe(
      "mailto:?subject=https%3A%2F%2Fa.example%2F&body=https%3A%2F%2Fa.example%2F",
    );
    expect(new URL(x!.href).searchParams.has("text")).toBe(false);
  });
});
