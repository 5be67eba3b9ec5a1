import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The client's floor plan (DESIGN.md "Layout we aim for"), checked on the imports of src/**:
 * imports point one way (views → queries / commands → db), the UI kit, platform and contract
 * import nothing of the app, screens reach the database and the network only through queries,
 * commands and the runtime, and no two client folders import each other, even around a loop.
 * Tests and test harnesses (`*.test.ts`, `testing/`) are not product code and are left out.
 */
const SRC = resolve(import.meta.dirname);
const ROOT = dirname(SRC);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "testing" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts")
      ? [path]
      : [];
  });
}

const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s(?:[^"';]*?\sfrom\s)?["'](\.{1,2}\/[^"']+)["']|import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

/** The folder a path belongs to: src/<folder>/..., or the top folder outside src. */
function folderOf(path: string): string {
  const inSrc = relative(SRC, path);
  if (!inSrc.startsWith("..")) return inSrc.includes(sep) ? inSrc.split(sep)[0]! : "(entry)";
  return relative(ROOT, path).split(sep)[0]!;
}

interface Edge {
  from: string;
  to: string;
  file: string;
  specifier: string;
}

function importEdges(files: readonly string[]): Edge[] {
  return files.flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(SPECIFIER)].flatMap((match) => {
      const specifier = (match[1] ?? match[2])!;
      const from = folderOf(file);
      const to = folderOf(resolve(dirname(file), specifier));
      return from === to ? [] : [{ from, to, file: relative(ROOT, file), specifier }];
    }),
  );
}

const edges = importEdges(sourceFiles(SRC));

/** What each folder may import besides itself; folders not listed may import any client folder. */
const ALLOWED: Record<string, readonly string[]> = {
  contract: [],
  platform: ["contract"],
  ui: ["contract", "platform"],
  db: ["contract", "migrations"],
  queries: ["contract", "db"],
  commands: ["contract", "db"],
  i18n: ["contract", "locales"],
};
/** What screens never import: they read through queries, write through commands, and reach
 * the network through the runtime's services. */
const VIEWS_FORBIDDEN = ["db", "api", "sync", "app"];

function offending(predicate: (edge: Edge) => boolean): string[] {
  return edges.filter(predicate).map((e) => `${e.file} imports ${e.specifier}`);
}

describe("client floor plan", () => {
  it("reads the imports it checks", () => {
    const folders = new Set(edges.map((e) => e.from));
    for (const folder of ["views", "queries", "commands", "db", "sync", "runtime", "ui"]) {
      expect(folders).toContain(folder);
    }
    expect(edges.some((e) => e.from === "views" && e.to === "queries")).toBe(true);
  });

  it("has no second app under src/reader", () => {
    expect(() => statSync(join(SRC, "reader"))).toThrow();
  });

  it("keeps the low folders free of the app", () => {
    expect(offending((e) => e.from in ALLOWED && !ALLOWED[e.from]!.includes(e.to))).toEqual([]);
  });

  it("keeps contract/ free of the client", () => {
    const contractEdges = importEdges(sourceFiles(join(ROOT, "contract")));
    expect(contractEdges.filter((e) => e.to === "src").map((e) => e.file)).toEqual([]);
  });

  it("lets screens reach data only through queries, commands and the runtime", () => {
    expect(offending((e) => e.from === "views" && VIEWS_FORBIDDEN.includes(e.to))).toEqual([]);
  });

  it("has no import cycle between client folders", () => {
    const graph = new Map<string, Set<string>>();
    for (const { from, to } of edges) {
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(to);
    }
    expect(folderCycles(graph)).toEqual([]);
  });
});

/** Every loop of folders (strongly connected groups of more than one), each sorted. */
function folderCycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups;
}
