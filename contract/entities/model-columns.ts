import type { Column, Decoded, Stored } from "./columns.ts";

/** `siteUrl` → `site_url`: the local column name of a wire field. */
export type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : "";

export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** A model field's value as a column holds it: an optional field becomes nullable. */
export type Field<T, K extends keyof T> =
  Record<never, never> extends Pick<T, K> ? Exclude<T[K], undefined> | null : T[K];

/** Whether two types are the same (not merely assignable one way). */
type Same<A, B> =
  (<G>() => G extends A ? 1 : 2) extends <G>() => G extends B ? 1 : 2 ? true : false;

/** What a column declared for field `K` must be, else why it is refused. */
type Checked<T, K, C> = K extends keyof T
  ? Same<Decoded<C>, Field<T, K>> extends true
    ? C
    : { "column type differs from the model field": K; expected: Field<T, K> }
  : { "not a field of the model": K };

/** The columns `keys` of a wire model become: snake_case names, optional fields nullable. */
export type ModelColumns<T, K extends keyof T & string> = {
  [P in K as SnakeCase<P>]: Column<Field<T, P>>;
};

/**
 * Local columns for a wire model's fields, keyed by the field names: each column's decoded
 * type must be exactly the field's (an optional field's nullable), so a field whose type
 * changes fails to compile until its column follows. Returned keyed snake_case. The kind and
 * nullability, which types cannot see, are checked against the model's Schema by
 * tables-match-models.test.ts; this file loads no Schema, so tables load before the first paint.
 */
export function modelColumns<T>() {
  return <const C extends Record<string, Column<unknown>>>(
    columns: C & { [K in keyof C]: Checked<T, K, C[K]> },
  ): { [K in keyof C & string as SnakeCase<K>]: C[K] } =>
    Object.fromEntries(
      Object.entries(columns).map(([name, column]) => [snakeCase(name), column]),
    ) as never;
}

/**
 * A wire model's fields as a SQL row stores them (snake_case names, booleans as numbers, lists
 * and objects as JSON text): the server's tables take their shared columns from this, and add
 * their server-only ones.
 */
export type StoredModelRow<T, K extends keyof T & string> = {
  [P in K as SnakeCase<P>]: Stored<Field<T, P>>;
};
