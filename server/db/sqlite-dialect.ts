import { SqliteDialect, SqliteQueryCompiler } from "kysely";

/**
 * SQLite with every bound value written `+?` instead of `?`.
 *
 * When SQLite plans `col = ?` it may look at the parameter (to guess how selective the term is,
 * for a LIKE prefix, for STAT4 samples) and then marks the statement to be compiled again if
 * that parameter's binding changes. better-sqlite3 clears the bindings after every run, and
 * clearing them expires any statement so marked: a kept statement (connect.ts caches them) was
 * compiled again on every run of most list queries (`user_id = ? ... order by`), and the
 * timeline's join spent as long compiling as running. A unary plus is a no-op on the value (same
 * value, same lack of affinity, so comparisons and stored types are unchanged) but is not a bare
 * parameter, so the planner does not look at it and plans once, as PostgreSQL's generic plans do.
 * The plans stay the same: a term `col = +?` still drives an index.
 */
export class StablePlanSqliteDialect extends SqliteDialect {
  override createQueryCompiler(): SqliteQueryCompiler {
    return new StablePlanSqliteCompiler();
  }
}

class StablePlanSqliteCompiler extends SqliteQueryCompiler {
  protected override getCurrentParameterPlaceholder(): string {
    return "+?";
  }
}
