/** An 18-decimal POWER amount as people read it: "100", "2.5" (trailing zeros dropped). */
export function powerAmount(value: string): string {
  const digits = value.replace(/^0+(?=\d)/, "").padStart(19, "0");
  const whole = digits.slice(0, -18).replace(/^0+(?=\d)/, "");
  const fraction = digits.slice(-18).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}
