import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import {
  described,
  type Edge,
  folderCycles,
  importEdges,
  ROOT,
  sourceFiles,
  topFolderOf,
} from "../tests/support/import-graph.ts";

/**
 * The server's floor plan (DESIGN.md "Layout we aim for"), checked on the imports of server/**
 * and migrations/server/**: storage stores and answers domain errors (it knows nothing of HTTP,
 * routes, jobs, ingestion or services); ingestion is pipeline stages that know nothing of HTTP or
 * AI; the low folders import only what is below them; a migration is frozen in time, so it
 * imports no live server code; the server never imports the client or the desktop shell; and no
 * two server folders import each other, even around a loop.
 */
const SERVER = join(ROOT, "server");

/** A server folder (`storage`, `http`, ...), a top-level file (`auth.ts`), or a top folder. */
function placeOf(path: string): string {
  const inServer = relative(SERVER, path);
  if (inServer.startsWith("..")) return topFolderOf(path);
  const [first, ...rest] = inServer.split(sep);
  return rest.length > 0 ? first! : `${first!.replace(/\.tsx?$/, "")}.ts`;
}

const edges = importEdges(sourceFiles(SERVER), placeOf);
const serverEdges = edges.filter((e) => !isOutside(e.to));

function isOutside(place: string): boolean {
  return ["contract", "src", "electron", "migrations", "locales"].includes(place);
}

/**
 * What each low folder may import besides itself and contract/; folders not listed (routes,
 * jobs, services, ai, discover, ... and the entry files) may import any server folder, as long
 * as no loop comes of it.
 */
const ALLOWED: Record<string, readonly string[]> = {
  "coded-error.ts": [],
  "config.ts": [],
  "secret.ts": [],
  "feed-model.ts": [],
  "feed-url-secrets.ts": [],
  crypto: [],
  text: [],
  i18n: ["locales"],
  "logger.ts": ["config.ts", "feed-url-secrets.ts"],
  db: ["logger.ts", "migrations"],
  storage: ["db", "crypto", "coded-error.ts", "feed-model.ts", "feed-url-secrets.ts"],
  ingest: ["coded-error.ts", "config.ts", "feed-model.ts", "i18n", "text"],
  accounts: ["coded-error.ts", "config.ts", "db", "i18n", "storage"],
  http: ["accounts", "auth.ts", "coded-error.ts", "db", "storage"],
};

function breaking(predicate: (edge: Edge) => boolean): string[] {
  return described(edges.filter(predicate));
}

describe("server floor plan", () => {
  it("reads the imports it checks", () => {
    const places = new Set(edges.map((e) => e.from));
    for (const place of ["routes", "storage", "jobs", "ingest", "http", "db", "app.ts"]) {
      expect(places).toContain(place);
    }
    expect(edges.some((e) => e.from === "routes" && e.to === "storage")).toBe(true);
    expect(edges.some((e) => e.from === "storage" && e.to === "contract")).toBe(true);
  });

  it("keeps the low folders to what is below them", () => {
    expect(
      breaking((e) => e.from in ALLOWED && e.to !== "contract" && !ALLOWED[e.from]!.includes(e.to)),
    ).toEqual([]);
  });

  it("keeps storage free of HTTP, routes, jobs, ingestion and services", () => {
    const above = ["http", "routes", "jobs", "ingest", "services", "ai", "app.ts", "auth.ts"];
    expect(breaking((e) => e.from === "storage" && above.includes(e.to))).toEqual([]);
  });

  it("never imports the client or the desktop shell", () => {
    expect(breaking((e) => e.to === "src" || e.to === "electron")).toEqual([]);
  });

  it("has no import loop between server folders", () => {
    expect(folderCycles(serverEdges)).toEqual([]);
  });
});

describe("server migrations", () => {
  const migrations = join(ROOT, "migrations", "server");
  const files = sourceFiles(migrations);
  const migrationEdges = importEdges(files, (path) =>
    relative(migrations, path).startsWith("..") ? topFolderOf(path) : "migrations",
  );

  it("are read, every one", () => {
    expect(files.some((file) => file.endsWith("0009_search.ts"))).toBe(true);
    expect(files.length).toBeGreaterThan(15);
  });

  it("import no live server code, only what contract/ shares (a migration is frozen in time)", () => {
    expect(described(migrationEdges.filter((e) => e.to !== "contract"))).toEqual([]);
  });
});
