import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Product code builds its SQL with the typed builder (src/db/local-sql.ts): a statement written
 * as a string escapes the table declarations, so a forgotten or misspelt column compiles.
 * Tests and test harnesses (`*.test.ts`, `testing/`) are left out.
 */
const SRC = resolve(import.meta.dirname, "..");

/** The engine's own SQL, on tables no declaration covers or below the builder. */
const LOW_LEVEL = new Set<string>([
  // Opening, PRAGMAs, the update hook, the worker's connection.
  "db/engine.ts",
  "db/sqlite.ts",
  "db/worker.ts",
  // The migrations' bookkeeping table and schema maintenance (sqlite_schema, DROP, VACUUM).
  "db/migrate.ts",
  "db/wipe.ts",
  // json_each as an IN subquery, a fragment the builders embed.
  "db/json-values.ts",
]);

const STATEMENT =
  /\b(SELECT\s+[\w*"(]|INSERT\s+(OR\s+\w+\s+)?INTO\b|UPDATE\s+\w+\s+SET\b|DELETE\s+FROM\b)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "testing" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts")
      ? [path]
      : [];
  });
}

/** The characters after which a `/` starts a regular expression rather than a division. */
const BEFORE_REGEX = new Set([..."(,=:[!&|?{};+-*%<>~^"]);

/**
 * The string literals of a source file, comments left out: quoted strings and templates
 * (tagged ones too: a `sql` fragment holding a whole statement is a string all the same), a
 * template's `${…}` read as `?`. A quote that reaches the end of its line is no string (an
 * apostrophe in JSX text).
 */
function stringLiterals(source: string): string[] {
  const literals: string[] = [];
  let i = 0;
  let previous = "";

  const readTemplate = (): string => {
    let text = "";
    i++;
    while (i < source.length && source[i] !== "`") {
      if (source[i] === "\\") {
        text += source.slice(i, i + 2);
        i += 2;
      } else if (source.startsWith("${", i)) {
        i += 2;
        scan("}");
        i++;
        text += "?";
      } else {
        text += source[i++];
      }
    }
    i++;
    return text;
  };

  function scan(until?: string) {
    let depth = 0;
    while (i < source.length) {
      const char = source[i]!;
      if (until && char === until && depth === 0) return;
      if (char === "{") depth++;
      if (char === "}") depth--;
      if (source.startsWith("//", i)) {
        i = source.indexOf("\n", i);
        if (i < 0) i = source.length;
        continue;
      }
      if (source.startsWith("/*", i)) {
        const end = source.indexOf("*/", i + 2);
        i = end < 0 ? source.length : end + 2;
        continue;
      }
      if (char === "'" || char === '"') {
        let j = i + 1;
        while (j < source.length && source[j] !== char && source[j] !== "\n") {
          j += source[j] === "\\" ? 2 : 1;
        }
        if (source[j] === char) {
          literals.push(source.slice(i + 1, j));
          i = j + 1;
          previous = char;
        } else {
          i++;
        }
        continue;
      }
      if (char === "`") {
        literals.push(readTemplate());
        previous = "`";
        continue;
      }
      if (char === "/" && (previous === "" || BEFORE_REGEX.has(previous))) {
        let j = i + 1;
        let inClass = false;
        while (j < source.length && source[j] !== "\n") {
          if (source[j] === "\\") j++;
          else if (source[j] === "[") inClass = true;
          else if (source[j] === "]") inClass = false;
          else if (source[j] === "/" && !inClass) break;
          j++;
        }
        i = j + 1;
        previous = "/";
        continue;
      }
      if (!/\s/.test(char)) previous = char;
      i++;
    }
  }

  scan();
  return literals;
}

describe("SQL in product code", () => {
  it("finds statements in strings and templates, not in comments or regular expressions", () => {
    const literals = stringLiterals(
      [
        "// SELECT id FROM entries",
        "const a = 'SELECT id FROM entries';",
        "const b = `DELETE FROM \u0024{table} WHERE id = ?`;",
        'const c = /UPDATE x SET/.test(s) ? "it\'s" : sql`INSERT INTO meta \u0024{x}`;',
        "if (tag === 'SELECT') return;",
      ].join("\n"),
    );
    expect(literals.filter((text) => STATEMENT.test(text))).toEqual([
      "SELECT id FROM entries",
      "DELETE FROM ? WHERE id = ?",
      "INSERT INTO meta ?",
    ]);
  });

  it("is built with the typed builder in every product file", () => {
    const offending = sourceFiles(SRC)
      .map((path) => relative(SRC, path).replaceAll("\\", "/"))
      .filter((path) => !LOW_LEVEL.has(path))
      .filter((path) =>
        stringLiterals(readFileSync(join(SRC, path), "utf8")).some((text) => STATEMENT.test(text)),
      );
    expect(offending).toEqual([]);
    // The walk did read the product folders.
    expect(sourceFiles(SRC).length).toBeGreaterThan(100);
  });
});
