import { type RawBuilder, sql } from "kysely";

/**
 * The values of a list passed as one JSON parameter, as a subquery for `IN`: one parameter
 * however long the list (SQLite caps the number of parameters of a statement).
 */
export function jsonValues<T extends string | number>(values: readonly T[]): RawBuilder<T> {
  return sql<T>`(SELECT value FROM json_each(${JSON.stringify(values)}))`;
}
