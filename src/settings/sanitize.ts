/** Allowed values for settings that are one of a few choices. */
export type Choices<T> = { readonly [K in keyof T]?: readonly T[K][] };

/**
 * Keeps only the stored keys the defaults know, with the defaults' type (and one of the allowed
 * choices where a setting has them): a stale or hand-edited value never reaches the UI.
 */
export function sanitizeSettings<T extends object>(
  input: unknown,
  defaults: T,
  choices: Choices<T> = {},
): T {
  const result = { ...defaults };
  if (typeof input !== "object" || input === null) return result;
  for (const key of Object.keys(defaults) as (keyof T)[]) {
    const value = (input as Record<keyof T, unknown>)[key];
    if (value === undefined || typeof value !== typeof defaults[key]) continue;
    if (typeof value === "number" && !Number.isFinite(value)) continue;
    const allowed = choices[key];
    if (allowed && !allowed.includes(value as T[keyof T])) continue;
    result[key] = value as T[keyof T];
  }
  return result;
}

/** The keys of `patch` whose values differ from `current`. */
export function changedKeys<T extends object>(current: T, patch: Partial<T>): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(patch) as (keyof T)[]) {
    if (patch[key] !== undefined && !Object.is(patch[key], current[key])) changed[key] = patch[key];
  }
  return changed;
}
