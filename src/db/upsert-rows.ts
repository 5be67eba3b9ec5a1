import type { Insertable, Kysely } from "kysely";
import { local, statement } from "./local-sql.ts";
import type { LocalTables } from "./local-tables.ts";
import type { Statement } from "./statements.ts";
import type { SqlValue } from "./types.ts";

type TableName = keyof LocalTables & string;
type ColumnOf<T extends TableName> = keyof LocalTables[T] & string;

/** The builder seen without table types: the rows are checked by `upsertRows`' signature. */
const untyped = local as unknown as Kysely<Record<string, Record<string, SqlValue>>>;

function upsertStatement(
  table: string,
  columns: readonly string[],
  key: readonly string[],
  keep: readonly string[],
): Statement {
  const updates = columns.filter((c) => !key.includes(c) && !keep.includes(c));
  const row = Object.fromEntries(columns.map((column) => [column, null]));
  return statement(
    untyped
      .insertInto(table)
      .values(row)
      .onConflict((conflict) => {
        const target = conflict.columns(key);
        if (updates.length === 0) return target.doNothing();
        return target.doUpdateSet((eb) =>
          Object.fromEntries(updates.map((c) => [c, eb.ref(`excluded.${c}`)])),
        );
      }),
  );
}

/** Compiled upserts by table, columns, key and kept columns (a handful: rows come from codecs). */
const compiled = new Map<string, Statement>();

/**
 * Inserts each row or, on a key conflict, updates its other columns except those in `keep`
 * (nothing left to update: the stored row stays as it is). One statement a row, compiled
 * once per set of columns: compiling costs about 0.1 ms, too much for a pull's thousands.
 */
export function upsertRows<T extends TableName>(
  table: T,
  rows: readonly Insertable<LocalTables[T]>[],
  key: readonly ColumnOf<T>[],
  keep: readonly ColumnOf<T>[] = [],
): Statement[] {
  return rows.map((row) => {
    const values = row as Record<string, SqlValue | undefined>;
    const columns = Object.keys(values).filter((column) => values[column] !== undefined);
    const shape = [table, columns.join(), key.join(), keep.join()].join("|");
    let template = compiled.get(shape);
    if (!template) {
      template = upsertStatement(table, columns, key, keep);
      compiled.set(shape, template);
    }
    return { ...template, params: columns.map((column) => values[column] as SqlValue) };
  });
}
