/**
 * Column declarations for the client's local SQLite tables. A column knows how its value is
 * stored: booleans as INTEGER 0/1, lists and objects as JSON in TEXT, everything else as is.
 * `T` is the decoded type a query gets back; the stored type follows from the kind.
 */
export type ColumnKind = "text" | "integer" | "real" | "boolean" | "json";

export interface Column<T = unknown> {
  readonly kind: ColumnKind;
  readonly nullable: boolean;
  /** SQL text of the DEFAULT clause, as SQLite reports it back. */
  readonly default?: string;
  /** SQL text of a CHECK constraint on the column. */
  readonly check?: string;
  /** Only carries the decoded type; never set. */
  readonly decoded?: T;
  /** The same column, also accepting NULL. */
  orNull(): Column<T | null>;
  withDefault(sql: string): Column<T>;
  withCheck(sql: string): Column<T>;
}

function column<T>(
  kind: ColumnKind,
  nullable = false,
  extra: { default?: string; check?: string } = {},
): Column<T> {
  return {
    kind,
    nullable,
    ...extra,
    orNull: () => column<T | null>(kind, true, extra),
    withDefault: (sql) => column<T>(kind, nullable, { ...extra, default: sql }),
    withCheck: (sql) => column<T>(kind, nullable, { ...extra, check: sql }),
  };
}

export const text = <T extends string = string>() => column<T>("text");
export const integer = <T extends number = number>() => column<T>("integer");
export const real = () => column<number>("real");
export const boolean = () => column<boolean>("boolean");
export const json = <T>() => column<T>("json");

/** The decoded value a column holds. */
export type Decoded<C> = C extends Column<infer T> ? T : never;

/** How a decoded value is stored: booleans as numbers, JSON as its text. */
export type Stored<T> = T extends null
  ? null
  : T extends boolean
    ? number
    : T extends string | number
      ? T
      : string;

/** The stored SQL type of a column kind. */
export const SQL_TYPE: Record<ColumnKind, "TEXT" | "INTEGER" | "REAL"> = {
  text: "TEXT",
  integer: "INTEGER",
  real: "REAL",
  boolean: "INTEGER",
  json: "TEXT",
};
