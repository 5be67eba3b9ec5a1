/** A tag's longest name. */
export const MAX_TAG_LENGTH = 64;

/** A tag's name: trimmed, 1–64 characters, no commas or line breaks (lists of tags use commas). */
export function isTagName(value: string): boolean {
  return (
    value.length > 0 &&
    value.length <= MAX_TAG_LENGTH &&
    value === value.trim() &&
    !/[,\n\r\t]/.test(value)
  );
}
