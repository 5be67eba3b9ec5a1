/** Where an entry can be shared from the share dialog, as plain links (no third-party script). */
export type ShareTargetId = "email" | "x" | "telegram" | "mastodon";

export interface ShareTarget {
  id: ShareTargetId;
  href: string;
}

/**
 * A Mastodon instance as the user typed it ("mastodon.social", "https://fosstodon.org/@me"):
 * its host, or null when it is none.
 */
export function mastodonHost(input: string): string | null {
  const text = input.trim();
  if (text === "") return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(url.hostname) ? url.host.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** Links that share `url` (and its title) by e-mail, on X, Telegram and, given one, Mastodon. */
export function shareTargets(
  entry: { url: string; title: string | null },
  mastodonInstance: string | null,
): ShareTarget[] {
  const title = entry.title?.trim() ?? "";
  const url = encodeURIComponent(entry.url);
  const text = encodeURIComponent(title);
  const both = encodeURIComponent(title ? `${title} ${entry.url}` : entry.url);
  const targets: ShareTarget[] = [
    {
      id: "email",
      href: `mailto:?subject=${encodeURIComponent(title || entry.url)}&body=${encodeURIComponent(entry.url)}`,
    },
    { id: "x", href: `https://x.com/intent/post?${title ? `text=${text}&` : ""}url=${url}` },
    { id: "telegram", href: `https://t.me/share/url?url=${url}${title ? `&text=${text}` : ""}` },
  ];
  const host = mastodonInstance ? mastodonHost(mastodonInstance) : null;
  if (host) targets.push({ id: "mastodon", href: `https://${host}/share?text=${both}` });
  return targets;
}

const INSTANCE_KEY = "follow:share:mastodon";

/** The Mastodon instance the user shared to last (this browser only). */
export function rememberedMastodonInstance(): string {
  try {
    return localStorage.getItem(INSTANCE_KEY) ?? "";
  } catch {
    return "";
  }
}

export function rememberMastodonInstance(host: string): void {
  try {
    localStorage.setItem(INSTANCE_KEY, host);
  } catch {
    // Not remembered; sharing still works.
  }
}
