/**
 * The text of an OPML file from its bytes, as a browser would read it: a byte-order mark, else
 * the XML declaration's encoding (newsletters of old exports say ISO-8859-1), else UTF-8 when
 * the bytes are valid UTF-8, else windows-1252. The server reads an uploaded file with it.
 */
export function decodeOpmlBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decode("utf-8", bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decode("utf-16le", bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decode("utf-16be", bytes);
  const head = String.fromCharCode(...bytes.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head)?.[1];
  if (declared && !/^utf-?8$/i.test(declared)) {
    try {
      // A declared single-byte label loses to bytes that are valid multi-byte UTF-8.
      if (/[\u0080-\uffff]/.test(new TextDecoder("utf-8", { fatal: true }).decode(bytes))) {
        return decode("utf-8", bytes);
      }
    } catch {
      // not UTF-8: the declaration decides
    }
    try {
      return decode(declared, bytes);
    } catch {
      // unknown label: fall through
    }
  }
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return decode("windows-1252", bytes);
  }
}

function decode(label: string, bytes: Uint8Array): string {
  return new TextDecoder(label).decode(bytes);
}
