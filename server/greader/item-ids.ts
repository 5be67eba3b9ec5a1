/**
 * Google Reader item ids. One entry has one 64-bit number, written by clients in every form
 * Google used: the long form `tag:google.com,2005:reader/item/<16 hex>` (some clients drop
 * the zero padding), the bare 16-hex form, and the short form, a signed decimal (ids past
 * 2^63 come back negative). Our entry ids are decimal strings of that number.
 */
export const LONG_PREFIX = "tag:google.com,2005:reader/item/";

/** The long form of an entry id: what stream/contents answers. */
export function longItemId(entryId: string): string {
  return LONG_PREFIX + BigInt.asUintN(64, BigInt(entryId)).toString(16).padStart(16, "0");
}

/** The short form (signed decimal): what stream/items/ids answers. */
export function shortItemId(entryId: string): string {
  return BigInt.asIntN(64, BigInt(entryId)).toString();
}

/**
 * The entry id a client's item id names, or undefined when it is none of the forms. A bare
 * string of exactly 16 hex digits is the hex form: our ids have more than 16 decimal digits.
 */
export function parseItemId(raw: string): string | undefined {
  const text = raw.trim();
  let value: bigint;
  if (text.toLowerCase().startsWith(LONG_PREFIX)) {
    const hex = text.slice(LONG_PREFIX.length);
    if (!/^[0-9a-f]{1,16}$/i.test(hex)) return undefined;
    value = BigInt(`0x${hex}`);
  } else if (/^[0-9a-f]{16}$/i.test(text)) {
    value = BigInt(`0x${text}`);
  } else if (/^-?\d{1,20}$/.test(text)) {
    value = BigInt(text);
    if (value < -(2n ** 63n) || value >= 2n ** 64n) return undefined;
  } else return undefined;
  const id = BigInt.asUintN(64, value);
  return id === 0n ? undefined : id.toString();
}
