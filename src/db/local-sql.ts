import {
  type Compilable,
  DefaultQueryExecutor,
  type InferResult,
  QueryCreator,
  SqliteAdapter,
  SqliteQueryCompiler,
} from "kysely";
import type { LocalTables } from "./local-tables.ts";
import type { Statement } from "./statements.ts";
import type { SqlValue } from "./types.ts";

/**
 * The typed statement builder for follow.db: Kysely's query builders checked against the
 * declared local tables, used only to compile (it never connects). A column a table does not
 * declare is a type error. A bare QueryCreator rather than a Kysely instance: the page then
 * loads no schema, migration or introspection builders (about 70 kB of the first paint).
 * `withSchema` and `mergeInto` are left out: the client build replaces their modules with stubs
 * (scripts/kysely-page-stubs.ts).
 */
export const local: Omit<
  QueryCreator<LocalTables>,
  "withSchema" | "mergeInto"
> = new QueryCreator<LocalTables>({
  executor: new DefaultQueryExecutor(new SqliteQueryCompiler(), new SqliteAdapter(), {
    provideConnection: () => Promise.reject(new Error("local only compiles statements")),
  }),
});

interface Node {
  readonly kind?: string;
  readonly [field: string]: unknown;
}

function tableName(node: Node | undefined): string | undefined {
  const table = node?.table as { identifier?: { name?: string } } | undefined;
  return table?.identifier?.name;
}

/** The table an INSERT, UPDATE or DELETE writes, read from the compiled query. */
function writtenTable(query: Node): string | undefined {
  if (query.kind === "InsertQueryNode") return tableName(query.into as Node);
  if (query.kind === "UpdateQueryNode") return tableName(query.table as Node);
  if (query.kind === "DeleteQueryNode") {
    const froms = (query.from as { froms?: Node[] } | undefined)?.froms;
    return tableName(froms?.[0]);
  }
  return undefined;
}

/** Every table a query names anywhere (FROM, JOIN, subqueries): what a live query watches. */
export function tablesNamed(query: Node): string[] {
  const names = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== "object") return;
    const node = value as Node;
    if (node.kind === "TableNode") {
      const name = tableName(node);
      if (name) names.add(name);
    }
    for (const [field, child] of Object.entries(node)) {
      // A column reference names its table by alias (`s.view`): not a table read.
      if (node.kind === "ReferenceNode" && field === "table") continue;
      visit(child);
    }
  };
  visit(query);
  return [...names];
}

/** A built statement, compiled to what the database runs; it knows the table it writes. */
export function statement(query: Compilable): Statement {
  const compiled = query.compile();
  const writes = writtenTable(compiled.query as unknown as Node);
  return {
    sql: compiled.sql,
    params: compiled.parameters as SqlValue[],
    ...(writes ? { writes } : {}),
  };
}

/** A typed read: its SQL, its parameters, the tables it reads, and the row type it returns. */
export interface Select<Row> {
  readonly sql: string;
  readonly params: SqlValue[];
  readonly reads: readonly string[];
  /** Only carries the row type; never set. */
  readonly row?: Row;
}

export function select<Q extends Compilable>(query: Q): Select<InferResult<Q>[number]> {
  const compiled = query.compile();
  return {
    sql: compiled.sql,
    params: compiled.parameters as SqlValue[],
    reads: tablesNamed(compiled.query as unknown as Node),
  };
}
