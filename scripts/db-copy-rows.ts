import type { Column, TablePlan } from "./db-copy-plan.ts";
import type { Side } from "./db-copy-sides.ts";
import {
  fromDriver,
  toPostgresJson,
  toPostgresParam,
  toSqlite,
  type Value,
  ValueError,
} from "./db-copy-values.ts";

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The n-th statement parameter (from 1) in the side's dialect. */
export const param = (side: Side, n: number) => (side.dialect === "postgres" ? `$${n}` : "?");

export function bind(side: Side, value: Value): unknown {
  return side.dialect === "postgres" ? toPostgresParam(value) : toSqlite(value);
}

export interface Batch {
  rows: Value[][];
  /** The last row's key, where the next batch starts. */
  lastKey: Value[] | undefined;
}

/**
 * Up to `limit` rows after `after`, in key order (keyset pagination: each batch is an index
 * range scan, so memory and time per batch stay the same however large the table).
 */
export async function readBatch(
  side: Side,
  table: string,
  key: readonly Column[],
  columns: readonly Column[],
  after: readonly Value[] | undefined,
  limit: number,
): Promise<Batch> {
  const selected = [...key, ...columns];
  const keyList = key.map((k) => quote(k.name)).join(", ");
  const params = after ? after.map((v) => bind(side, v)) : [];
  const where = after
    ? ` where (${keyList}) > (${after.map((_, i) => param(side, i + 1)).join(", ")})`
    : "";
  const text = `select ${selected.map((c) => quote(c.name)).join(", ")} from ${quote(table)}${where} order by ${keyList} limit ${limit}`;
  const raw = await side.all(text, params);
  const rows: Value[][] = [];
  let lastKey: Value[] | undefined;
  for (const record of raw) {
    const values = selected.map((c) => {
      try {
        return fromDriver(record[c.name], c.logical);
      } catch (error) {
        throw new ValueError(`${table}.${c.name}: ${(error as Error).message}`);
      }
    });
    lastKey = values.slice(0, key.length);
    rows.push(values.slice(key.length));
  }
  return { rows, lastKey };
}

/** A PostgreSQL insert's JSON document is cut at about this many characters. */
const MAX_DOCUMENT_CHARS = 8_000_000;

/** Writes rows (in the plan's column order) into the target, inside the caller's transaction. */
export async function insertRows(target: Side, plan: TablePlan, rows: readonly Value[][]) {
  if (rows.length === 0) return;
  if (target.dialect === "sqlite") {
    const text = `insert into ${quote(plan.name)} (${plan.columns.map((c) => quote(c.name)).join(", ")}) values (${plan.columns.map(() => "?").join(", ")})`;
    for (const row of rows) await target.run(text, row.map(toSqlite));
    return;
  }
  const fields = [
    ...plan.columns.map((c, i) => `${quote(c.name)} ${plan.targetTypes[i]}`),
    ...plan.derived.flatMap((d) => d.column.fieldNames.map((f) => `${quote(f)} text`)),
  ];
  const names = [...plan.columns.map((c) => c.name), ...plan.derived.map((d) => d.name)];
  const made = [
    ...plan.columns.map((c) => `r.${quote(c.name)}`),
    ...plan.derived.map((d) => d.column.expression),
  ];
  const text = `insert into ${quote(plan.name)} (${names.map(quote).join(", ")})
    select ${made.join(", ")} from json_to_recordset($1::json) as r(${fields.join(", ")})`;
  let parts: string[] = [];
  let size = 0;
  for (const row of rows) {
    const part = JSON.stringify(postgresRecord(plan, row));
    parts.push(part);
    size += part.length;
    if (size >= MAX_DOCUMENT_CHARS) {
      await target.run(text, [`[${parts.join(",")}]`]);
      parts = [];
      size = 0;
    }
  }
  if (parts.length > 0) await target.run(text, [`[${parts.join(",")}]`]);
}

function postgresRecord(plan: TablePlan, row: readonly Value[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  plan.columns.forEach((c, i) => {
    try {
      record[c.name] = toPostgresJson(row[i]!);
    } catch (error) {
      throw new ValueError(`${plan.name}.${c.name}: ${(error as Error).message}`);
    }
  });
  if (plan.derived.length > 0) {
    const byName = new Map(plan.columns.map((c, i) => [c.name, row[i]!]));
    for (const d of plan.derived) Object.assign(record, d.column.fields(byName));
  }
  return record;
}
