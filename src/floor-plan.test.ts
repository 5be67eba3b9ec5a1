import { statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
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
 * The client's floor plan (DESIGN.md "Layout we aim for"), checked on the imports of src/**:
 * imports point one way (views → queries / commands → db), the UI kit, platform and contract
 * import nothing of the app, screens reach the database and the network only through queries,
 * commands and the services, the feature services never reach back into the runtime (the
 * composition root that starts them), and no two client folders import each other, even
 * around a loop.
 * Tests and test harnesses (`*.test.ts`, `testing/`) are not product code and are left out.
 */
const SRC = resolve(import.meta.dirname);

/** The folder a path belongs to: src/<folder>/..., or the top folder outside src. */
function folderOf(path: string): string {
  const inSrc = relative(SRC, path);
  if (!inSrc.startsWith("..")) return inSrc.includes(sep) ? inSrc.split(sep)[0]! : "(entry)";
  return topFolderOf(path);
}

const edges = importEdges(sourceFiles(SRC), folderOf);

/** What each folder may import besides itself; folders not listed may import any client folder. */
const ALLOWED: Record<string, readonly string[]> = {
  contract: [],
  platform: ["contract"],
  ui: ["contract", "platform"],
  db: ["contract", "migrations"],
  queries: ["contract", "db"],
  commands: ["contract", "db"],
  i18n: ["contract", "locales"],
  // Feature services: the network, follow.db, the sync engine; never the runtime that starts
  // them (which imports them), nor a screen.
  services: [
    "contract",
    "api",
    "db",
    "queries",
    "commands",
    "sync",
    "platform",
    "settings",
    "i18n",
  ],
};
/** What screens never import: they read through queries, write through commands, and reach
 * the network through the feature services (src/services). */
const VIEWS_FORBIDDEN = ["db", "api", "sync", "app"];

function offending(predicate: (edge: Edge) => boolean): string[] {
  return described(edges.filter(predicate));
}

describe("client floor plan", () => {
  it("reads the imports it checks", () => {
    const folders = new Set(edges.map((e) => e.from));
    for (const folder of [
      "views",
      "queries",
      "commands",
      "db",
      "sync",
      "runtime",
      "services",
      "ui",
    ]) {
      expect(folders).toContain(folder);
    }
    expect(edges.some((e) => e.from === "views" && e.to === "queries")).toBe(true);
    expect(edges.some((e) => e.from === "runtime" && e.to === "services")).toBe(true);
  });

  it("has no second app under src/reader", () => {
    expect(() => statSync(join(SRC, "reader"))).toThrow();
  });

  it("keeps the low folders free of the app", () => {
    expect(offending((e) => e.from in ALLOWED && !ALLOWED[e.from]!.includes(e.to))).toEqual([]);
  });

  it("keeps contract/ free of the client", () => {
    const contractEdges = importEdges(sourceFiles(join(ROOT, "contract")), topFolderOf);
    expect(contractEdges.filter((e) => e.to === "src").map((e) => e.file)).toEqual([]);
  });

  it("lets screens reach data only through queries, commands and the services", () => {
    expect(offending((e) => e.from === "views" && VIEWS_FORBIDDEN.includes(e.to))).toEqual([]);
  });

  it("has no import cycle between client folders", () => {
    expect(folderCycles(edges)).toEqual([]);
  });
});
