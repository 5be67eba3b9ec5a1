/**
 * Base64 to 16-bit little-endian words, as the `entities` package decodes its named-character
 * tables when it is loaded (scripts/entities-tables.ts puts this in its place in the server
 * bundle). Its own version walks the ~50,000 bytes of the HTML table in a JavaScript loop, hot
 * enough that V8 compiles it with its optimizing compiler seconds after start: that one compile
 * touched ~6 MB of the node binary and compiler memory a fresh server otherwise does not need
 * (RSS at start 82 -> 76 MB). Buffer decodes in C++ and the words are a view of its bytes.
 */
export function decodeBase64(input: string): Uint16Array {
  const bytes = Buffer.from(input, "base64");
  const words = new Uint16Array(bytes.length >> 1);
  new Uint8Array(words.buffer).set(bytes.subarray(0, words.length * 2));
  if (BIG_ENDIAN) for (let i = 0; i < words.length; i++) words[i] = swapBytes(words[i]!);
  return words;
}

const BIG_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 0;

function swapBytes(word: number): number {
  return ((word & 0xff) << 8) | (word >> 8);
}
