/**
 * Recovery of a feed whose items sit inside an element that is never closed: an extension
 * element opened in the channel (`<ext:thing>`), then the items, then `</channel>`. A strict
 * reader nests the items inside the stray element and finds none; a forgiving one (feedparser's
 * loose mode, browsers) still sees them. The repair closes each element that an ancestor's end
 * tag leaves open at its own start tag (it becomes self-closing), so what followed it is back
 * in its parent. Elements still open at the end of the text (a truncated feed) are left alone.
 */
const TOKEN =
  /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<[?!][^>]*>|<(\/?)([A-Za-z_][\w.:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;

/** The text with every element left open by its parent's end tag self-closed, or null if none. */
export function closeUnclosedElements(text: string): string | null {
  const open: Array<{ name: string; end: number }> = [];
  const unclosed: number[] = [];
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match; match = TOKEN.exec(text)) {
    const name = match[2];
    if (name === undefined || match[4] === "/") continue;
    if (match[1] !== "/") {
      open.push({ name, end: TOKEN.lastIndex - 1 });
      continue;
    }
    const at = open.findLastIndex((element) => element.name === name);
    if (at < 0) continue; // a stray end tag: nothing to close
    for (const element of open.splice(at).slice(1)) unclosed.push(element.end);
  }
  if (unclosed.length === 0) return null;
  let repaired = "";
  let from = 0;
  for (const end of unclosed.sort((a, b) => a - b)) {
    repaired += `${text.slice(from, end)}/>`;
    from = end + 1;
  }
  return repaired + text.slice(from);
}
