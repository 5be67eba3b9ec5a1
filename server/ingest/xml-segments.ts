/** Text rewrites on an XML document that must leave CDATA sections and comments untouched. */
export function outsideCdata(text: string, rewrite: (segment: string) => string): string {
  return text
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->)/)
    .map((segment, i) => (i % 2 === 1 ? segment : rewrite(segment)))
    .join("");
}

/** Where namespace declarations are looked for: the root and the channel declare them. */
const DECLARATION_SEARCH_CHARS = 64 * 1024;

/** `xmlns:prefix="uri"` declarations near the top of the document (first binding wins). */
export function namespaceDeclarations(text: string): Map<string, string> {
  const head =
    text.length > DECLARATION_SEARCH_CHARS ? text.slice(0, DECLARATION_SEARCH_CHARS) : text;
  const declarations = new Map<string, string>();
  for (const match of head.matchAll(/\sxmlns:([\w.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    const prefix = match[1]!.toLowerCase();
    if (!declarations.has(prefix)) declarations.set(prefix, (match[2] ?? match[3] ?? "").trim());
  }
  return declarations;
}
