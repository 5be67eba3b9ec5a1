/** windows-1252's characters for 0x80-0x9F, where C1 controls are never what was meant. */
const CP1252_C1 = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

/** The character windows-1252 puts at a byte 0x80-0x9F. */
export function windows1252Char(code: number): string {
  return CP1252_C1[code - 0x80] ?? String.fromCharCode(code);
}
