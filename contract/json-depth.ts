/**
 * How deeply a JSON text nests arrays and objects, scanning at most until `limit` is passed.
 * Runs before `JSON.parse`, so a hostile 50,000-deep body is refused before anything recursive
 * (`JSON.stringify`, schema walks, database drivers) ever sees it. Brackets inside strings do
 * not count; malformed text is left for `JSON.parse` to refuse.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
      continue;
    }
    if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      depth++;
      if (depth > limit) return true;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return false;
}

/** The same bound for an already parsed value (bodies parsed by a library), without recursion. */
export function valueDepthExceeds(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== "object") continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}
