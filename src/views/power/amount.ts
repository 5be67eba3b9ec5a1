/**
 * POWER amounts travel as strings of whole base units with 18 decimals (1 POWER is 10^18), so a
 * balance never passes through a float. These turn them into text and typed input back into them.
 */
export const POWER_DECIMALS = 18;
const UNIT = 10n ** BigInt(POWER_DECIMALS);

/** Base units as decimal text: at most `digits` decimals, trailing zeros dropped, grouped. */
export function formatPower(units: string | bigint, language = "en", digits = 2): string {
  let value: bigint;
  try {
    value = typeof units === "bigint" ? units : BigInt(units || "0");
  } catch {
    return String(units);
  }
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const scale = 10n ** BigInt(POWER_DECIMALS - digits);
  // Rounded half up at the last shown digit.
  const rounded = (abs + scale / 2n) / scale;
  const whole = rounded / 10n ** BigInt(digits);
  const fraction = (rounded % 10n ** BigInt(digits)).toString().padStart(digits, "0");
  const trimmed = fraction.replace(/0+$/, "");
  const grouped = new Intl.NumberFormat(language, { useGrouping: true }).format(whole);
  const separator = new Intl.NumberFormat(language).format(1.5).replace(/[15]/g, "") || ".";
  return `${negative && rounded > 0n ? "-" : ""}${grouped}${trimmed ? separator + trimmed : ""}`;
}

/**
 * What a person typed ("12", "0.5", "1,000.25") as base units, or null when it is not a
 * positive amount with at most 18 decimals.
 */
export function parsePower(text: string): string | null {
  const clean = text.trim().replace(/[,_\s]/g, "");
  const match = /^(\d*)(?:\.(\d*))?$/.exec(clean);
  if (!match || (match[1] === "" && !match[2])) return null;
  const [, whole = "", fraction = ""] = match;
  if (fraction.length > POWER_DECIMALS) return null;
  const units = BigInt(whole || "0") * UNIT + BigInt(fraction.padEnd(POWER_DECIMALS, "0") || "0");
  return units > 0n ? units.toString() : null;
}

/** Whole POWER as base units (the boost levels and admin presets are whole amounts). */
export function wholePower(amount: number): string {
  return (BigInt(amount) * UNIT).toString();
}

/** Whether `amount` base units are more than `balance` (both strings from the wire). */
export function exceeds(amount: string, balance: string | null | undefined): boolean {
  if (balance === null || balance === undefined) return false;
  try {
    return BigInt(amount) > BigInt(balance);
  } catch {
    return false;
  }
}
