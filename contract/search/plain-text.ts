/**
 * HTML to plain text for the browser's local index (the server has its own exact converter).
 * It runs inside SQLite triggers in the database worker, where there is no DOM: a bounded
 * regex pass that drops script and style bodies, comments and tags, and decodes the common
 * character references. Good enough for finding words; never used to display HTML.
 */
const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
};

export function plainTextOf(html: string, max: number): string {
  // Bounded input: a regex pass over a few hundred KB at most.
  const text = html
    .slice(0, max * 4)
    .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
      if (ref[0] === "#") {
        const code =
          ref[1] === "x" || ref[1] === "X"
            ? Number.parseInt(ref.slice(2), 16)
            : Number(ref.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : " ";
      }
      return NAMED[ref.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, " ")
    .trim();
  return text.slice(0, max);
}
