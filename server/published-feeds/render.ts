import type { EntryListItem } from "../../contract/reading-models.ts";

/**
 * A published timeline as RSS 2.0 or Atom. Entry HTML is the sanitized content the app serves
 * (kept sanitized at ingest), carried as escaped text; every other value is escaped too.
 */
/** Whether XML 1.0 can carry the character (no control characters but tab and line breaks). */
const xmlChar = (c: string) => {
  const code = c.charCodeAt(0);
  if (code < 0x20) return code === 0x09 || code === 0x0a || code === 0x0d;
  return code !== 0xfffe && code !== 0xffff;
};

const escapeXml = (text: string) =>
  text
    .split("")
    .filter(xmlChar)
    .join("")
    .replace(
      /[&<>"']/g,
      (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!,
    );

const html = (item: EntryListItem) => item.entries.content ?? item.entries.description ?? "";

export interface FeedHead {
  title: string;
  /** The feed's own address (self link). */
  selfUrl: string;
  /** Where the app is, for the channel link. */
  siteUrl: string;
  updated: string;
}

export function renderRss(head: FeedHead, items: readonly EntryListItem[]): string {
  const entries = items
    .map((item) => {
      const e = item.entries;
      return `<item><title>${escapeXml(e.title ?? "")}</title>${
        e.url ? `<link>${escapeXml(e.url)}</link>` : ""
      }<guid isPermaLink="false">${escapeXml(e.id)}</guid><pubDate>${new Date(
        e.publishedAt,
      ).toUTCString()}</pubDate>${e.author ? `<dc:creator>${escapeXml(e.author)}</dc:creator>` : ""}<description>${escapeXml(
        html(item),
      )}</description></item>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>${escapeXml(head.title)}</title><link>${escapeXml(head.siteUrl)}</link>
<description>${escapeXml(head.title)}</description><lastBuildDate>${new Date(head.updated).toUTCString()}</lastBuildDate>
<atom:link href="${escapeXml(head.selfUrl)}" rel="self" type="application/rss+xml"/>
${entries}
</channel></rss>
`;
}

export function renderAtom(head: FeedHead, items: readonly EntryListItem[]): string {
  const entries = items
    .map((item) => {
      const e = item.entries;
      return `<entry><id>urn:follow:entry:${escapeXml(e.id)}</id><title>${escapeXml(e.title ?? "")}</title>${
        e.url ? `<link href="${escapeXml(e.url)}"/>` : ""
      }<updated>${new Date(e.publishedAt).toISOString()}</updated>${
        e.author ? `<author><name>${escapeXml(e.author)}</name></author>` : ""
      }<content type="html">${escapeXml(html(item))}</content></entry>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><id>${escapeXml(head.selfUrl)}</id>
<title>${escapeXml(head.title)}</title><updated>${new Date(head.updated).toISOString()}</updated>
<link rel="self" href="${escapeXml(head.selfUrl)}"/><link href="${escapeXml(head.siteUrl)}"/>
${entries}
</feed>
`;
}
