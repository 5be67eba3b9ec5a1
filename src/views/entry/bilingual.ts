/**
 * Bilingual content (translationMode "bilingual"): each block of the original followed by its
 * translation. Blocks are the top-level elements of each document; when the two do not line
 * up one to one, the whole translation follows the whole original. Both halves come sanitized
 * (only clean HTML is parsed here).
 */
export function bilingualHtml(original: string, translated: string, language: string): string {
  const parser = new DOMParser();
  const page = (html: string) =>
    parser.parseFromString(`<!doctype html><html><body>${html}</body></html>`, "text/html").body;
  const source = page(original);
  const target = page(translated);
  const sourceBlocks = [...source.children];
  const targetBlocks = [...target.children];
  const wrap = (html: string) =>
    `<div class="entry-translation" lang="${language.replace(/[^A-Za-z-]/g, "")}">${html}</div>`;
  if (sourceBlocks.length === 0 || sourceBlocks.length !== targetBlocks.length) {
    return `${original}${wrap(translated)}`;
  }
  return sourceBlocks
    .map((block, index) => `${block.outerHTML}${wrap(targetBlocks[index]!.outerHTML)}`)
    .join("");
}
