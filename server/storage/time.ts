/** All stored times are ISO 8601 UTC strings: they compare correctly as text on every database. */
export function nowIso(clock: () => number = Date.now): string {
  return new Date(clock()).toISOString();
}

/** Reads an ISO string or epoch milliseconds into ISO; undefined when absent or invalid. */
export function toIso(value: string | number | null | undefined): string | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  const date = new Date(typeof value === "number" ? value : Date.parse(value));
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function bool(value: boolean | undefined | null): number {
  return value ? 1 : 0;
}
