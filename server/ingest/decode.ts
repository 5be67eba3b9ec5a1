import iconv from "iconv-lite";
import { windows1252Char } from "../../contract/html/windows-1252.ts";

/**
 * Decode stage: response bytes -> text. Precedence (the usual RFC 3023 / HTML5 order):
 *
 * 1. a byte-order mark (UTF-8, UTF-16 LE/BE, UTF-32 LE/BE);
 * 2. the charset parameter of the HTTP Content-Type;
 * 3. the XML declaration's encoding, or an HTML `<meta charset>` / `http-equiv` tag;
 * 4. a UTF-16/32 byte pattern of `<?xml` without a BOM;
 * 5. otherwise UTF-8 if the bytes are valid UTF-8, else windows-1252.
 *
 * Deliberate deviations, each a lesson from real feeds:
 * - A declared single-byte legacy charset (latin-1 family, KOI8, Mac...) loses to UTF-8 when the
 *   bytes are valid UTF-8 with non-ASCII sequences: publishers often keep an old prolog after
 *   switching to UTF-8, and legacy text is practically never valid multi-byte UTF-8.
 * - A declared UTF-8 whose bytes hold no valid multi-byte sequence at all but do hold stray high
 *   bytes is really windows-1252 (an old latin-1 feed with a wrong label).
 * - ISO-8859-1 and US-ASCII are decoded as windows-1252 (as browsers do): 0x80-0x9F are smart
 *   quotes in practice, not C1 controls. GB2312/GBK are read (and reported) as
 *   their superset GB18030.
 * - Unknown labels are ignored (the next source decides), so a bogus charset never fails a feed.
 * - RFC 3023's "text/xml without charset means US-ASCII" is not followed: it breaks real feeds.
 */
export interface DecodedText {
  text: string;
  /** The charset we settled on, lower case (e.g. "utf-8", "windows-1251", "utf-16le"). */
  encoding: string;
  /** Where that charset came from. */
  source: "bom" | "http" | "declaration" | "sniffed" | "default";
}

const BOMS: ReadonlyArray<[bytes: number[], encoding: string]> = [
  [[0x00, 0x00, 0xfe, 0xff], "utf-32be"],
  [[0xff, 0xfe, 0x00, 0x00], "utf-32le"],
  [[0xef, 0xbb, 0xbf], "utf-8"],
  [[0xfe, 0xff], "utf-16be"],
  [[0xff, 0xfe], "utf-16le"],
];

/** `<?` (or `<` + a letter) in the four UTF-16/32 layouts (XML 1.0 appendix F). */
const WIDE_PATTERNS: ReadonlyArray<[bytes: number[], encoding: string]> = [
  [[0x00, 0x00, 0x00, 0x3c], "utf-32be"],
  [[0x3c, 0x00, 0x00, 0x00], "utf-32le"],
  [[0x00, 0x3c, 0x00, 0x3f], "utf-16be"],
  [[0x3c, 0x00, 0x3f, 0x00], "utf-16le"],
];

/** Labels whose decoding we widen to a browser-compatible superset. */
const DECODE_AS: Record<string, string> = {
  "iso-8859-1": "windows-1252",
  "us-ascii": "windows-1252",
};

const SINGLE_BYTE =
  /^(?:us-ascii|iso-8859-\d+|windows-125\d|koi8-[ru]|macintosh|tis-620|windows-874)$/;

export function decodeBytes(bytes: Uint8Array, contentType?: string | null): DecodedText {
  const utf8 = new StrictUtf8(bytes);
  const bom = startsWithAny(bytes, BOMS);
  if (bom) {
    return {
      text: decodeWith(bytes.subarray(bom.length), bom.encoding),
      encoding: bom.encoding,
      source: "bom",
    };
  }
  // Without a BOM, the UTF-16/32 layout of `<?` is more precise than any label.
  const wide = startsWithAny(bytes, WIDE_PATTERNS);
  if (wide)
    return { text: decodeWith(bytes, wide.encoding), encoding: wide.encoding, source: "sniffed" };

  const candidates: Array<[string | null, DecodedText["source"]]> = [
    [canonicalCharset(charsetFromContentType(contentType)), "http"],
    [canonicalCharset(sniffDeclaredCharset(bytes)), "declaration"],
  ];
  for (const [label, source] of candidates) {
    // A UTF-16/32 label on 8-bit bytes is wrong (we could read the label as ASCII): skip it.
    if (!label || /^(utf-?16|utf-?32|ucs-?2)/.test(label)) continue;
    const encoding = reconsiderDeclared(bytes, label, utf8);
    return {
      text: encoding === "utf-8" ? utf8.text() : decodeWith(bytes, encoding),
      encoding,
      source: encoding === label ? source : "sniffed",
    };
  }
  if (utf8.valid()) return { text: utf8.text(), encoding: "utf-8", source: "default" };
  return { text: decodeWith(bytes, "windows-1252"), encoding: "windows-1252", source: "default" };
}

const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The bytes read as UTF-8 once, natively: valid UTF-8 (the common case) needs no byte-by-byte
 * scan, and its text is the decoding. Invalid bytes fall back to the iconv path.
 */
class StrictUtf8 {
  private readonly bytes: Uint8Array;
  private decoded: string | null | undefined;

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }

  /** The text when the bytes are valid UTF-8, else null. */
  strict(): string | null {
    if (this.decoded === undefined) {
      try {
        this.decoded = STRICT_UTF8.decode(this.bytes);
      } catch {
        this.decoded = null;
      }
    }
    return this.decoded;
  }

  valid(): boolean {
    return this.strict() !== null;
  }

  /** True for valid UTF-8 holding at least one multi-byte sequence. */
  validWithMultiByte(): boolean {
    const text = this.strict();
    return text !== null && text.length !== this.bytes.length;
  }

  /** The UTF-8 reading, invalid bytes replaced (as iconv-lite does). */
  text(): string {
    const text = this.strict();
    if (text === null) return decodeWith(this.bytes, "utf-8");
    const unmarked = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    return hasC1Utf8(this.bytes) ? demoronize(unmarked) : unmarked;
  }
}

/** The charset parameter of a Content-Type header (quotes and spaces tolerated), or null. */
export function charsetFromContentType(contentType?: string | null): string | null {
  if (!contentType) return null;
  const match = /;\s*charset\s*=\s*["']?\s*([^"';\s]+)/i.exec(contentType);
  return match?.[1] ?? null;
}

/** A label iconv-lite knows, lower-cased and stripped of decoration; null when unknown. */
export function canonicalCharset(label: string | null | undefined): string | null {
  if (!label) return null;
  const cleaned = label.trim().toLowerCase().replace(/^x-/, "");
  const aliased = CHARSET_ALIASES[cleaned] ?? cleaned;
  return iconv.encodingExists(aliased) ? aliased : null;
}

const CHARSET_ALIASES: Record<string, string> = {
  utf8: "utf-8",
  "utf-16": "utf-16",
  latin1: "iso-8859-1",
  "iso8859-1": "iso-8859-1",
  iso_8859_1: "iso-8859-1",
  ascii: "us-ascii",
  cp1252: "windows-1252",
  cp1251: "windows-1251",
  sjis: "shift_jis",
  "shift-jis": "shift_jis",
  "euc-jp": "euc-jp",
  "mac-roman": "macintosh",
  gb2312: "gb18030",
  gbk: "gb18030",
};

/** Reads `encoding="..."` of an XML declaration, else an HTML meta charset, from the head bytes. */
export function sniffDeclaredCharset(bytes: Uint8Array): string | null {
  const head = latin1(bytes.subarray(0, 4096));
  const xml = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([^"']+)["']/i.exec(head);
  if (xml) return xml[1] ?? null;
  const meta = /<meta\s[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head);
  return meta?.[1] ?? null;
}

function reconsiderDeclared(bytes: Uint8Array, declared: string, utf8: StrictUtf8): string {
  if (declared === "utf-8") {
    if (utf8.valid()) return "utf-8";
    const shape = utf8Shape(bytes);
    return shape.invalid > 0 && shape.multiByte === 0 ? "windows-1252" : "utf-8";
  }
  if (SINGLE_BYTE.test(declared) && utf8.validWithMultiByte()) return "utf-8";
  return declared;
}

function decodeWith(bytes: Uint8Array, encoding: string): string {
  const text = iconv.decode(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    DECODE_AS[encoding] ?? encoding,
  );
  return demoronize(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}

/**
 * True when UTF-8 bytes encode a C1 control (0xC2 then 0x80-0x9F): a native byte search is
 * much cheaper than a regex over the decoded text, and almost never finds one.
 */
function hasC1Utf8(bytes: Uint8Array): boolean {
  for (let at = bytes.indexOf(0xc2); at !== -1; at = bytes.indexOf(0xc2, at + 1)) {
    const next = bytes[at + 1]!;
    if (next >= 0x80 && next <= 0x9f) return true;
  }
  return false;
}

/**
 * C1 control characters (U+0080-U+009F) in decoded text are windows-1252 bytes that went
 * through a latin-1 step somewhere upstream: map them to the characters meant (as HTML does
 * for &#128;-&#159;).
 */
function demoronize(text: string): string {
  if (!/[\u0080-\u009f]/.test(text)) return text;
  return text.replace(/[\u0080-\u009f]/g, (c) => windows1252Char(c.charCodeAt(0)));
}

function startsWithAny(bytes: Uint8Array, table: ReadonlyArray<[number[], string]>) {
  for (const [prefix, encoding] of table) {
    if (prefix.every((byte, i) => bytes[i] === byte)) return { encoding, length: prefix.length };
  }
  return null;
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
}

/** Counts well-formed multi-byte UTF-8 sequences and invalid bytes in one pass. */
export function utf8Shape(bytes: Uint8Array): { multiByte: number; invalid: number } {
  let multiByte = 0;
  let invalid = 0;
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    const length =
      lead >= 0xc2 && lead <= 0xdf
        ? 2
        : lead >= 0xe0 && lead <= 0xef
          ? 3
          : lead >= 0xf0 && lead <= 0xf4
            ? 4
            : 0;
    let ok = length > 0 && i + length <= bytes.length;
    for (let k = 1; ok && k < length; k++) ok = (bytes[i + k]! & 0xc0) === 0x80;
    if (ok && length === 3)
      ok = !(lead === 0xe0 && bytes[i + 1]! < 0xa0) && !(lead === 0xed && bytes[i + 1]! > 0x9f);
    if (ok && length === 4)
      ok = !(lead === 0xf0 && bytes[i + 1]! < 0x90) && !(lead === 0xf4 && bytes[i + 1]! > 0x8f);
    if (ok) {
      multiByte++;
      i += length;
    } else {
      invalid++;
      i++;
    }
  }
  return { multiByte, invalid };
}
