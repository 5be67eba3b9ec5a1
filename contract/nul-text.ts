/** Why a request holding U+0000 is refused (1002). */
export const NUL_REASON = "text must not contain NUL characters";

/**
 * Whether any string (or object key) in a decoded request holds U+0000. PostgreSQL cannot store
 * it in text (the write failed with a 500) while SQLite could: refused at the boundary, both
 * databases answer alike. Iterative: bodies are depth-bounded already, this stays cheap anyway.
 */
export function holdsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === "string") {
      if (item.includes("\u0000")) return true;
    } else if (item !== null && typeof item === "object") {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes("\u0000")) return true;
        stack.push(child);
      }
    }
  }
  return false;
}
