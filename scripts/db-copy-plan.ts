import { type DerivedColumn, derivedColumn } from "./db-copy-derived.ts";
import type { Side } from "./db-copy-sides.ts";
import { type Logical, logicalOfPostgres, logicalOfSqlite } from "./db-copy-values.ts";

interface ColumnInfo {
  name: string;
  type: string;
  notNull: boolean;
  hasDefault: boolean;
  /** Position in the primary key, from 1; 0 when not part of it. */
  pk: number;
}

interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  /** Tables this one's foreign keys point at. */
  references: string[];
}

export interface Column {
  name: string;
  logical: Logical;
}

/** How one table is copied and compared; the plan's tables come in foreign-key order. */
export interface TablePlan {
  name: string;
  /** Columns both sides hold: copied, and hashed by the checksums. */
  columns: Column[];
  sourceKey: Column[];
  targetKey: Column[];
  /** Each copied column's type on a PostgreSQL target (for json_to_recordset). */
  targetTypes: string[];
  derived: Array<{ name: string; column: DerivedColumn }>;
}

export class PlanError extends Error {}

/**
 * Not copied: the migrations' own bookkeeping (the target ran them itself; server_meta records
 * which auth schema its start-up last checked, server/db/migrate.ts), SQLite's internal
 * tables, and the copy's progress record.
 */
const NOT_COPIED = new Set([
  "kysely_migration",
  "kysely_migration_lock",
  "server_meta",
  "_copy_progress",
]);

export async function readTables(side: Side): Promise<Map<string, TableInfo>> {
  return side.dialect === "sqlite" ? readSqliteTables(side) : readPostgresTables(side);
}

/**
 * Virtual tables (FTS5) and their shadow tables are left out: the triggers on entry_search
 * fill a SQLite target's index as its rows arrive.
 */
async function readSqliteTables(side: Side): Promise<Map<string, TableInfo>> {
  const tables = new Map<string, TableInfo>();
  const names = await side.all(
    "select name from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name",
  );
  for (const { name } of names as Array<{ name: string }>) {
    if (NOT_COPIED.has(name)) continue;
    const columns = (await side.all(
      'select name, type, "notnull", dflt_value, pk from pragma_table_info(?)',
      [name],
    )) as Array<{ name: string; type: string; notnull: bigint; dflt_value: unknown; pk: bigint }>;
    const references = (await side.all('select "table" from pragma_foreign_key_list(?)', [
      name,
    ])) as Array<{ table: string }>;
    tables.set(name, {
      name,
      columns: columns.map((c) => ({
        name: c.name,
        type: c.type,
        notNull: c.notnull === 1n,
        hasDefault: c.dflt_value !== null,
        pk: Number(c.pk),
      })),
      references: [...new Set(references.map((r) => r.table))],
    });
  }
  return tables;
}

async function readPostgresTables(side: Side): Promise<Map<string, TableInfo>> {
  const columns = (await side.all(`
    select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
      a.attnotnull as not_null, (a.atthasdef or a.attidentity <> '') as has_default,
      coalesce(array_position(string_to_array(i.indkey::text, ' ')::int2[], a.attnum), 0) as pk
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    left join pg_index i on i.indrelid = c.oid and i.indisprimary
    where n.nspname = current_schema() and c.relkind in ('r', 'p')
    order by c.relname, a.attnum`)) as Array<{
    table: string;
    name: string;
    type: string;
    not_null: boolean;
    has_default: boolean;
    pk: number;
  }>;
  const references = (await side.all(`
    select c.relname as table, f.relname as ref
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_class f on f.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = current_schema()`)) as Array<{
    table: string;
    ref: string;
  }>;
  const tables = new Map<string, TableInfo>();
  for (const c of columns) {
    if (NOT_COPIED.has(c.table)) continue;
    let table = tables.get(c.table);
    if (!table) {
      table = { name: c.table, columns: [], references: [] };
      tables.set(c.table, table);
    }
    table.columns.push({
      name: c.name,
      type: c.type,
      notNull: c.not_null,
      hasDefault: c.has_default,
      pk: Number(c.pk),
    });
  }
  for (const r of references) {
    const table = tables.get(r.table);
    if (table && !table.references.includes(r.ref)) table.references.push(r.ref);
  }
  return tables;
}

/** SQLite's INTEGER PRIMARY KEY is the rowid: a surrogate PostgreSQL has no column for. */
function isRowidAlias(side: Side, table: TableInfo, column: ColumnInfo): boolean {
  return (
    side.dialect === "sqlite" &&
    column.pk === 1 &&
    column.type.toUpperCase() === "INTEGER" &&
    table.columns.filter((c) => c.pk > 0).length === 1
  );
}

function logicalOf(side: Side, column: ColumnInfo): Logical | undefined {
  return side.dialect === "postgres"
    ? logicalOfPostgres(column.type)
    : logicalOfSqlite(column.type);
}

/**
 * The tables to copy, parents before the tables whose foreign keys point at them, with each
 * column's logical type taken from the PostgreSQL side when there is one (it says boolean,
 * timestamp or JSON where SQLite says integer or text).
 */
export function planCopy(
  source: Side,
  sourceTables: Map<string, TableInfo>,
  target: Side,
  targetTables: Map<string, TableInfo>,
): TablePlan[] {
  const onlySource = [...sourceTables.keys()].filter((n) => !targetTables.has(n));
  if (onlySource.length > 0) {
    throw new PlanError(`the target's schema has no table ${onlySource.join(", ")}`);
  }
  const onlyTarget = [...targetTables.keys()].filter((n) => !sourceTables.has(n));
  if (onlyTarget.length > 0) {
    throw new PlanError(`the source's schema has no table ${onlyTarget.join(", ")}`);
  }
  const typed = source.dialect === "postgres" ? source : target;
  const plans = new Map<string, TablePlan>();
  for (const [name, from] of sourceTables) {
    const to = targetTables.get(name)!;
    const columns: Column[] = [];
    const targetTypes: string[] = [];
    const derived: TablePlan["derived"] = [];
    for (const column of from.columns) {
      // Made anew from the copied row, even between two databases of the same dialect.
      if (derivedColumn(target.dialect, name, column.name)) continue;
      const other = to.columns.find((c) => c.name === column.name);
      if (!other) {
        // Made anew on the target, by its own triggers or as a derived column.
        if (isRowidAlias(source, from, column)) continue;
        if (derivedColumn(source.dialect, name, column.name)) continue;
        throw new PlanError(`the target's table ${name} has no column ${column.name}`);
      }
      const [typedColumn, typedSide] = typed === source ? [column, source] : [other, target];
      const logical = logicalOf(typedSide, typedColumn);
      if (!logical) {
        throw new PlanError(
          `${name}.${column.name} has a type the copy cannot convert: ${typedColumn.type}`,
        );
      }
      columns.push({ name: column.name, logical });
      targetTypes.push(other.type);
    }
    for (const column of to.columns) {
      const made = derivedColumn(target.dialect, name, column.name);
      if (made) derived.push({ name: column.name, column: made });
      else if (from.columns.some((c) => c.name === column.name)) continue;
      else if (column.notNull && !column.hasDefault && !isRowidAlias(target, to, column)) {
        throw new PlanError(`the source's table ${name} has no column ${column.name}`);
      }
    }
    // By name, not by position: the same table may order its columns differently on each
    // side (SQLite's entry keeps its content last), and a table's checksum follows this order,
    // so a copy there and back compares equal.
    const byName = columns
      .map((column, i) => ({ column, type: targetTypes[i]! }))
      .sort((a, b) => (a.column.name < b.column.name ? -1 : a.column.name > b.column.name ? 1 : 0));
    plans.set(name, {
      name,
      columns: byName.map((c) => c.column),
      sourceKey: keyOf(source, from, name),
      targetKey: keyOf(target, to, name),
      targetTypes: byName.map((c) => c.type),
      derived,
    });
  }
  return inForeignKeyOrder(plans, sourceTables);
}

function keyOf(side: Side, table: TableInfo, name: string): Column[] {
  const key = table.columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
  if (key.length === 0) {
    throw new PlanError(`table ${name} has no primary key: the copy cannot page through it`);
  }
  return key.map((c) => {
    const logical = logicalOf(side, c);
    if (!logical) throw new PlanError(`${name}.${c.name} has a key type the copy cannot page by`);
    return { name: c.name, logical };
  });
}

/** Parents first; a cycle (a table pointing at itself included) has no such order. */
function inForeignKeyOrder(
  plans: Map<string, TablePlan>,
  tables: Map<string, TableInfo>,
): TablePlan[] {
  const ordered: TablePlan[] = [];
  const placed = new Set<string>();
  const waiting = [...plans.keys()].sort();
  while (waiting.length > 0) {
    const ready = waiting.filter((name) =>
      tables.get(name)!.references.every((ref) => placed.has(ref) || !plans.has(ref)),
    );
    if (ready.length === 0) {
      throw new PlanError(
        `cannot order tables ${waiting.join(", ")}: their foreign keys form a cycle, so no table of them can be copied first`,
      );
    }
    for (const name of ready) {
      ordered.push(plans.get(name)!);
      placed.add(name);
      waiting.splice(waiting.indexOf(name), 1);
    }
  }
  return ordered;
}
