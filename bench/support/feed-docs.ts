/**
 * Deterministic, realistic feed documents for the benchmarks: RSS 2.0 and Atom 1.0 with titles,
 * links, guids, dates, authors, categories, enclosures, thumbnails and HTML content holding
 * links (absolute and relative), images, tracking pixels, scripts, lists, code and entities.
 */
export interface GeneratedItem {
  key: string;
  title: string;
  link: string;
  date: Date;
  author: string;
  categories: string[];
  summaryHtml: string;
  html: string;
  enclosure: { url: string; length: number; type: string } | null;
  thumbnail: string | null;
}

export interface FeedInfo {
  key: string;
  title: string;
  siteUrl: string;
}

/** mulberry32: a tiny seeded PRNG, so every run benchmarks the same bytes. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  "the of and to in is that for it as was with on be by this are at from or an have not but " +
  "feed reader article release server update performance database index query latency cache " +
  "network browser privacy design review weekly notes garden coffee river mountain écrire " +
  "naïve café résumé über straße 東京 données système année"
).split(" ");
const NAMES = ["Ada Lovelace", "Grace Hopper", "Jean Dupont", "Zoë Müller", "Kenji Sato"];
const TAGS = ["tech", "web", "rust", "typescript", "databases", "travel", "food", "music", "news"];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

function words(random: () => number, count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(pick(random, WORDS));
  return out.join(" ");
}

function contentHtml(random: () => number, site: string, key: string): string {
  const parts: string[] = [];
  parts.push(
    `<p>${words(random, 30)} &amp; ${words(random, 10)} &#8217;${words(random, 3)}&#8217; ` +
      `<a href="${site}/${key}/related">${words(random, 3)}</a> ${words(random, 20)}&hellip;</p>`,
  );
  parts.push(
    `<figure><img src="https://cdn.example.com/img/${key}.jpg" alt="${words(random, 4)}" ` +
      `width="800" height="450" style="max-width:100%" onerror="alert(1)">` +
      `<figcaption>${words(random, 8)}&nbsp;&copy; ${pick(random, NAMES)}</figcaption></figure>`,
  );
  parts.push(
    `<p><strong>${words(random, 5)}</strong> ${words(random, 35)} <em>${words(random, 4)}</em> ` +
      `<a href="/archive/${key}?utm_source=rss&amp;utm_medium=feed">${words(random, 2)}</a>.</p>`,
  );
  if (random() < 0.5) {
    parts.push(
      `<ul><li>${words(random, 8)}</li><li>${words(random, 8)}</li><li>${words(random, 8)}</li></ul>`,
    );
  }
  if (random() < 0.3) {
    parts.push(
      `<pre><code>const x = a &lt; b &amp;&amp; c &gt; d; // ${words(random, 6)}</code></pre>`,
    );
  }
  if (random() < 0.3) {
    parts.push(`<blockquote cite="https://example.org/q">${words(random, 25)}</blockquote>`);
  }
  if (random() < 0.2) parts.push(`<script>track("${key}")</script>`);
  parts.push(`<p>${words(random, 40)}</p>`);
  parts.push(`<img src="https://stats.example.com/pixel.gif?p=${key}" width="1" height="1">`);
  return parts.join("\n");
}

/** `count` items, newest first, one every `spacingMs` before `newest`. */
export function generateItems(
  feed: FeedInfo,
  count: number,
  options: { seed?: number; newest?: Date; spacingMs?: number; firstIndex?: number } = {},
): GeneratedItem[] {
  const random = seededRandom(options.seed ?? 1);
  const newest = (options.newest ?? new Date("2025-06-01T12:00:00Z")).getTime();
  const spacing = options.spacingMs ?? 3_600_000;
  const first = options.firstIndex ?? 0;
  return Array.from({ length: count }, (_, i) => {
    const key = `${feed.key}-post-${first + count - i}`;
    return {
      key,
      title: `${words(random, 6)} #${first + count - i}`,
      link: `${feed.siteUrl}/posts/${key}`,
      date: new Date(newest - i * spacing),
      author: pick(random, NAMES),
      categories: [pick(random, TAGS), pick(random, TAGS), pick(random, TAGS)],
      summaryHtml: `<p>${words(random, 25)} &amp; ${words(random, 5)}</p>`,
      html: contentHtml(random, feed.siteUrl, key),
      enclosure:
        random() < 0.1
          ? {
              url: `https://cdn.example.com/audio/${key}.mp3`,
              length: 12_345_678,
              type: "audio/mpeg",
            }
          : null,
      thumbnail: random() < 0.3 ? `https://cdn.example.com/thumb/${key}.jpg` : null,
    };
  });
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapeAttribute(text: string): string {
  return escapeXml(text).replace(/"/g, "&quot;");
}

export function rssItem(item: GeneratedItem): string {
  const lines = [
    "<item>",
    `<title>${escapeXml(item.title)}</title>`,
    `<link>${escapeXml(item.link)}</link>`,
    `<guid isPermaLink="false">${item.key}</guid>`,
    `<pubDate>${item.date.toUTCString()}</pubDate>`,
    `<dc:creator>${escapeXml(item.author)}</dc:creator>`,
    ...item.categories.map((c) => `<category>${c}</category>`),
    `<description><![CDATA[${item.summaryHtml}]]></description>`,
    `<content:encoded><![CDATA[${item.html}]]></content:encoded>`,
  ];
  if (item.enclosure) {
    const e = item.enclosure;
    lines.push(
      `<enclosure url="${escapeAttribute(e.url)}" length="${e.length}" type="${e.type}"/>`,
    );
  }
  if (item.thumbnail) lines.push(`<media:thumbnail url="${escapeAttribute(item.thumbnail)}"/>`);
  lines.push("</item>");
  return lines.join("\n");
}

export function atomEntry(item: GeneratedItem, index: number): string {
  // Half the entries escape their HTML, half wrap it in CDATA: both are common.
  const html = (value: string) => (index % 2 === 0 ? escapeXml(value) : `<![CDATA[${value}]]>`);
  const lines = [
    "<entry>",
    `<title type="html">${escapeXml(item.title)}</title>`,
    `<link rel="alternate" type="text/html" href="${escapeAttribute(item.link)}"/>`,
    `<id>tag:example.com,2025:${item.key}</id>`,
    `<published>${item.date.toISOString()}</published>`,
    `<updated>${item.date.toISOString()}</updated>`,
    `<author><name>${escapeXml(item.author)}</name><uri>https://example.com/people/${index % 5}</uri></author>`,
    ...item.categories.map((c) => `<category term="${c}"/>`),
    `<summary type="html">${html(item.summaryHtml)}</summary>`,
    `<content type="html">${html(item.html)}</content>`,
  ];
  if (item.enclosure) {
    const e = item.enclosure;
    lines.push(
      `<link rel="enclosure" href="${escapeAttribute(e.url)}" length="${e.length}" type="${e.type}"/>`,
    );
  }
  lines.push("</entry>");
  return lines.join("\n");
}

export function rssDocument(feed: FeedInfo, items: readonly GeneratedItem[]): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${escapeXml(feed.title)}</title>
<link>${feed.siteUrl}/</link>
<atom:link href="${feed.siteUrl}/feed.xml" rel="self" type="application/rss+xml"/>
<description>${escapeXml(feed.title)}: notes &amp; articles</description>
<language>en-us</language>
<image><url>${feed.siteUrl}/logo.png</url><title>${escapeXml(feed.title)}</title><link>${feed.siteUrl}/</link></image>
${items.map(rssItem).join("\n")}
</channel>
</rss>
`;
}

export function atomDocument(feed: FeedInfo, items: readonly GeneratedItem[]): string {
  const updated = items[0]?.date.toISOString() ?? "2025-06-01T12:00:00Z";
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
<title>${escapeXml(feed.title)}</title>
<subtitle>${escapeXml(feed.title)}: notes &amp; articles</subtitle>
<link rel="alternate" type="text/html" href="${feed.siteUrl}/"/>
<link rel="self" type="application/atom+xml" href="${feed.siteUrl}/atom.xml"/>
<id>tag:example.com,2025:${feed.key}</id>
<updated>${updated}</updated>
<icon>${feed.siteUrl}/favicon.ico</icon>
${items.map(atomEntry).join("\n")}
</feed>
`;
}

/** A document of about `targetBytes` (UTF-8), with as many items as that takes. */
export function documentOfSize(format: "rss" | "atom", targetBytes: number) {
  const feed: FeedInfo = {
    key: `big-${format}`,
    title: `Big ${format} feed`,
    siteUrl: "https://blog.example.com",
  };
  const sample = generateItems(feed, 50);
  const perItem =
    Buffer.byteLength(
      sample.map((item, i) => (format === "rss" ? rssItem(item) : atomEntry(item, i))).join("\n"),
    ) / sample.length;
  const items = generateItems(feed, Math.max(1, Math.round(targetBytes / perItem)));
  const text = format === "rss" ? rssDocument(feed, items) : atomDocument(feed, items);
  return { text, bytes: Buffer.from(text, "utf8"), items: items.length };
}
