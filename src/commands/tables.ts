import type { Statement } from "./materializers/index.ts";

const WRITE_TARGET = /^\s*(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM)\s+(\w+)/i;

/** The tables some statements write, read off their SQL. */
export function tablesWritten(statements: readonly Statement[]): string[] {
  const tables = new Set<string>();
  for (const { sql } of statements) {
    const match = WRITE_TARGET.exec(sql);
    if (match?.[1]) tables.add(match[1]);
  }
  return [...tables];
}
