/**
 * The C0 control characters XML 1.0 forbids (all but tab, line feed and carriage return). Feeds
 * send them anyway, raw or as JSON escapes; U+0000 cannot be stored in PostgreSQL text at all,
 * so a feed holding one could never be stored. They carry no meaning and are dropped.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const FORBIDDEN_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

export function stripControls(text: string): string {
  return text.replace(FORBIDDEN_CONTROLS, "");
}

/** Every string in plain objects and arrays, stripped; other values (dates) kept as they are. */
export function stripControlsDeep<T>(value: T): T {
  if (typeof value === "string") return stripControls(value) as T;
  if (Array.isArray(value)) return value.map(stripControlsDeep) as T;
  if (
    value !== null &&
    typeof value === "object" &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = stripControlsDeep(item);
    return out as T;
  }
  return value;
}
