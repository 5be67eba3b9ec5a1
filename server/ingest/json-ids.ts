/**
 * JSON Feed item ids as text. The spec: "If an id is presented as a number or other type, a
 * JSON Feed reader must coerce it to a string." Readers agree on strings, booleans and
 * integers; for the rest we follow Python's feedparser, the reference other readers are
 * compared with: a null id is the text "null", a number with a fraction or an exponent reads
 * as Python prints a float ("200.0", "1e+16"), and NaN and the infinities by their JSON
 * names. A list or an object is no id at all.
 */

/** A number as written in the JSON text (JSON.parse keeps only its value). */
export class JsonNumber {
  readonly value: number;
  readonly source: string;
  constructor(value: number, source: string) {
    this.value = value;
    this.source = source;
  }
}

/** The item id as text, or null when the value cannot be an id (a list, an object). */
export function jsonIdText(value: unknown): string | null {
  if (typeof value === "string") return value.trim();
  if (value === null) return "null";
  if (typeof value === "boolean") return String(value);
  if (value instanceof JsonNumber) return numberText(value);
  if (typeof value === "number") return numberText(new JsonNumber(value, String(value)));
  return null;
}

function numberText({ value, source }: JsonNumber): string {
  // An integer literal is exact text (Python's int keeps every digit; a double would not).
  if (/^-?\d+$/.test(source)) return source === "-0" ? "0" : source;
  if (Number.isNaN(value)) return "NaN";
  if (!Number.isFinite(value)) return value > 0 ? "Infinity" : "-Infinity";
  return pythonFloatText(value);
}

/**
 * Python's repr of a float: the shortest digits that read back to the same double (as in
 * JavaScript), fixed-point with at least one decimal when the decimal exponent is from -4 to
 * 15, otherwise scientific with a signed, two-digit-minimum exponent.
 */
export function pythonFloatText(value: number): string {
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  const sign = value < 0 ? "-" : "";
  const [mantissa, exponentText] = Math.abs(value).toExponential().split("e");
  const digits = mantissa!.replace(".", "");
  const exponent = Number(exponentText);
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0) return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
    const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, "0");
    const fraction = digits.slice(exponent + 1);
    return `${sign}${whole}.${fraction || "0"}`;
  }
  const scaled = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  const magnitude = String(Math.abs(exponent)).padStart(2, "0");
  return `${sign}${scaled}e${exponent < 0 ? "-" : "+"}${magnitude}`;
}
