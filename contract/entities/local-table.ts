import { type Column, type Decoded, SQL_TYPE, type Stored } from "./columns.ts";

export type Columns = Record<string, Column<unknown>>;

/** A decoded row: what a query gets back and what a write is given. */
export type RowOf<C extends Columns> = { [K in keyof C]: Decoded<C[K]> };
/** The row as SQLite holds it (what statement builders are typed with). */
export type StoredRowOf<C extends Columns> = { [K in keyof C]: Stored<Decoded<C[K]>> };

export interface Index<C extends Columns> {
  readonly name: string;
  /** Column names, each optionally followed by ` DESC`. */
  readonly on: readonly (Extract<keyof C, string> | `${Extract<keyof C, string>} DESC`)[];
  readonly unique?: boolean;
}

export interface TableDeclaration<Name extends string, C extends Columns> {
  readonly name: Name;
  readonly columns: C;
  /** The primary key; omitted for tables keyed by `unique` only. */
  readonly key?: readonly Extract<keyof C, string>[];
  /** Table-level UNIQUE constraints. */
  readonly unique?: readonly (readonly Extract<keyof C, string>[])[];
  readonly indexes?: readonly Index<C>[];
}

export interface LocalTable<Name extends string = string, C extends Columns = Columns>
  extends TableDeclaration<Name, C> {
  /** CREATE TABLE and CREATE INDEX statements, for a migration to embed as text. */
  ddl(): string[];
  /** Decoded values → stored values (exactly the columns given). */
  encode<R extends Partial<RowOf<C>>>(row: R): { [K in keyof R & keyof C]: Stored<Decoded<C[K]>> };
  /** Stored values → decoded values (only the columns present; unreadable JSON is NULL). */
  decode<R extends Partial<StoredRowOf<C>>>(row: R): { [K in keyof R & keyof C]: Decoded<C[K]> };
}

function columnDdl(name: string, column: Column<unknown>, key: readonly string[]): string {
  const parts = [name, SQL_TYPE[column.kind]];
  if (key.length === 1 && key[0] === name) parts.push("PRIMARY KEY");
  if (!column.nullable) parts.push("NOT NULL");
  if (column.default !== undefined) parts.push(`DEFAULT ${column.default}`);
  if (column.check !== undefined) parts.push(`CHECK (${column.check})`);
  return parts.join(" ");
}

function encodeValue(column: Column<unknown> | undefined, value: unknown): unknown {
  if (value === null || value === undefined || !column) return value ?? null;
  if (column.kind === "boolean") return value ? 1 : 0;
  if (column.kind === "json") return JSON.stringify(value);
  return value;
}

function decodeValue(column: Column<unknown> | undefined, value: unknown): unknown {
  if (value === null || value === undefined || !column) return value ?? null;
  if (column.kind === "boolean") return value !== 0;
  if (column.kind === "json" && typeof value === "string") {
    try {
      return JSON.parse(value);
    } catch {
      return null;
    }
  }
  return value;
}

function mapRow(
  columns: Columns,
  row: Record<string, unknown>,
  convert: (column: Column<unknown> | undefined, value: unknown) => unknown,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(row)) {
    if (value !== undefined) out[name] = convert(columns[name], value);
  }
  return out;
}

/**
 * One local table, declared once: its DDL, its row codec and the types the statement builders
 * and queries are checked against all come from this declaration.
 */
export function localTable<const Name extends string, const C extends Columns>(
  declaration: TableDeclaration<Name, C>,
): LocalTable<Name, C> {
  const key = declaration.key ?? [];
  return {
    ...declaration,
    ddl() {
      const lines = Object.entries(declaration.columns).map(([name, column]) =>
        columnDdl(name, column, key),
      );
      if (key.length > 1) lines.push(`PRIMARY KEY (${key.join(", ")})`);
      for (const unique of declaration.unique ?? []) lines.push(`UNIQUE (${unique.join(", ")})`);
      const table = `CREATE TABLE ${declaration.name} (\n  ${lines.join(",\n  ")}\n)`;
      const indexes = (declaration.indexes ?? []).map(
        (index) =>
          `CREATE ${index.unique ? "UNIQUE " : ""}INDEX ${index.name} ON ${declaration.name} (${index.on.join(", ")})`,
      );
      return [table, ...indexes];
    },
    encode: (row) => mapRow(declaration.columns, row, encodeValue) as never,
    decode: (row) => mapRow(declaration.columns, row, decodeValue) as never,
  };
}

/** What any declared table offers, whatever its columns. */
export interface AnyLocalTable extends TableDeclaration<string, Columns> {
  ddl(): string[];
}

/** The name → stored row map Kysely is typed with, for a set of tables. */
export type StoredTables<T extends readonly AnyLocalTable[]> = {
  [Table in T[number] as Table["name"]]: StoredRowOf<Table["columns"]>;
};
