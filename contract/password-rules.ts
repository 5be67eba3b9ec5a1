/**
 * What makes a new password too easy to guess, whatever list it is on: the server checks this
 * (with zxcvbn's list of common passwords, server/accounts/common-passwords.ts) on sign-up, change,
 * reset and set; the forms check it before sending, so both say the same reason. Each weakness
 * is a key of the errors catalogue (`password.<weakness>`).
 */
export const MIN_PASSWORD_LENGTH = 8;

export type PasswordWeakness =
  | "control"
  | "onlySpaces"
  | "repeated"
  | "pattern"
  | "sequence"
  | "keyboard"
  | "fewCharacters";

/** Keyboard rows (and the digit row) typed along, forwards; backwards is checked too. */
const KEY_ROWS = [
  "`1234567890-=",
  "qwertyuiop[]\\",
  "asdfghjkl;'",
  "zxcvbnm,./",
  "qwertzuiop",
  "azertyuiop",
];

/** At least this many different characters. */
const MIN_DISTINCT = 4;

/**
 * Why a new password is refused, or undefined. A password shorter than the minimum is left to
 * the length rule, which says so itself.
 */
export function passwordWeakness(password: string): PasswordWeakness | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
  if (/[\u0000-\u001f\u007f]/.test(password)) return "control";
  if ([...password].length < MIN_PASSWORD_LENGTH) return undefined;
  if (password.trim() === "") return "onlySpaces";
  const chars = [...password.toLowerCase()];
  if (new Set(chars).size === 1) return "repeated";
  if (isRepeatedPattern(chars)) return "pattern";
  if (isSequence(chars)) return "sequence";
  const text = chars.join("");
  if (KEY_ROWS.some((row) => row.includes(text) || [...row].reverse().join("").includes(text))) {
    return "keyboard";
  }
  if (new Set(chars).size < MIN_DISTINCT) return "fewCharacters";
  return undefined;
}

/** The same few characters again and again (abcabcab, 12121212). */
function isRepeatedPattern(chars: string[]): boolean {
  for (let unit = 2; unit <= chars.length / 2; unit += 1) {
    if (chars.every((char, i) => char === chars[i % unit])) return true;
  }
  return false;
}

/** Each character one after the previous, up or down (abcdefgh, 98765432). */
function isSequence(chars: string[]): boolean {
  const codes = chars.map((char) => char.codePointAt(0) ?? 0);
  const step = codes[1]! - codes[0]!;
  if (step !== 1 && step !== -1) return false;
  return codes.every((code, i) => i === 0 || code - codes[i - 1]! === step);
}
