/**
 * Hostile feed documents, small to send and costly to read: entity bombs, deep nesting and
 * oversized fields. Shared by the parser unit tests and the hostile-feed suite that serves them
 * over HTTP.
 */

const rss = (channel: string, doctype = "") =>
  `<?xml version="1.0" encoding="utf-8"?>${doctype}<rss version="2.0"><channel>${channel}</channel></rss>`;

const item = (body: string) =>
  `<item><guid>hostile-1</guid><link>http://127.0.0.1/hostile/1</link>${body}</item>`;

/** Billion laughs with the outer entity declared first (expanded pass by pass, it explodes). */
export function billionLaughsOuterFirst(levels = 9): string {
  const declarations: string[] = [];
  for (let level = levels; level >= 1; level--) {
    declarations.push(`<!ENTITY lol${level} "${`&lol${level - 1};`.repeat(10)}">`);
  }
  declarations.push('<!ENTITY lol0 "lol">');
  return rss(`<title>&lol${levels};</title>`, `<!DOCTYPE rss [${declarations.join("")}]>`);
}

/** The classic order: inner entities first. */
export function billionLaughsInnerFirst(levels = 9): string {
  const declarations = ['<!ENTITY lol0 "lol">'];
  for (let level = 1; level <= levels; level++) {
    declarations.push(`<!ENTITY lol${level} "${`&lol${level - 1};`.repeat(10)}">`);
  }
  return rss(`<title>&lol${levels};</title>`, `<!DOCTYPE rss [${declarations.join("")}]>`);
}

/** One ~1 KB entity referenced many times: grows with the product, no nesting needed. */
export function quadraticEntity(references = 20_000, valueLength = 1000): string {
  const doctype = `<!DOCTYPE rss [<!ENTITY big "${"x".repeat(valueLength)}">]>`;
  return rss(`<title>${"&big;".repeat(references)}</title>`, doctype);
}

/** An entity that refers to itself. */
export function recursiveEntity(): string {
  return rss("<title>&a;</title>", '<!DOCTYPE rss [<!ENTITY a "x&b;"><!ENTITY b "&a;">]>');
}

/** Entity references nested deeper than any feed needs, each level small. */
export function deepEntityChain(depth = 20): string {
  const declarations = ['<!ENTITY e0 "x">'];
  for (let level = 1; level <= depth; level++)
    declarations.push(`<!ENTITY e${level} "&e${level - 1};">`);
  return rss(`<title>&e${depth};</title>`, `<!DOCTYPE rss [${declarations.join("")}]>`);
}

/** Content HTML with `depth` nested divs (sanitize-html is super-linear on these). */
export function nestedDivs(depth = 200_000): string {
  const html = `${"<div>".repeat(depth)}deep${"</div>".repeat(depth)}`;
  return rss(
    `<title>Nested</title>${item(`<title>deep</title><description><![CDATA[${html}]]></description>`)}`,
  );
}

/** Many sibling elements (node count, not depth). */
export function manyNodes(count = 300_000): string {
  const html = "<b>x</b>".repeat(count);
  return rss(
    `<title>Wide</title>${item(`<title>wide</title><description><![CDATA[${html}]]></description>`)}`,
  );
}

export function hugeTitle(length = 5_000_000): string {
  return rss(`<title>${"T".repeat(length)}</title>${item(`<title>${"t".repeat(length)}</title>`)}`);
}

export function hugeDescription(length = 5_000_000): string {
  return rss(
    `<title>Long</title><description>${"d".repeat(length)}</description>${item(`<title>x</title><description>${"w ".repeat(length / 2)}</description>`)}`,
  );
}

export function hugeAuthor(length = 2_000_000): string {
  return rss(
    `<title>Author</title>${item(`<title>x</title><author>${"a".repeat(length)}</author>`)}`,
  );
}

export function manyCategories(count = 100_000): string {
  const categories = Array.from({ length: count }, (_, i) => `<category>tag-${i}</category>`).join(
    "",
  );
  const longOne = `<category>${"c".repeat(100_000)}</category>`;
  return rss(`<title>Tags</title>${item(`<title>x</title>${longOne}${categories}`)}`);
}

export function hugeContent(bytes = 8_000_000): string {
  const html = `<p>${"é".repeat(bytes / 2)}</p>`;
  return rss(
    `<title>Big</title>${item(`<title>x</title><description><![CDATA[${html}]]></description>`)}`,
  );
}

export function hugeUrl(length = 1_000_000): string {
  return rss(
    `<title>Url</title><link>http://127.0.0.1/${"u".repeat(length)}</link>${item(`<title>x</title><comments>http://127.0.0.1/${"c".repeat(length)}</comments><enclosure url="http://127.0.0.1/${"e".repeat(length)}.mp3" type="audio/mpeg" length="1"/>`)}`,
  );
}
