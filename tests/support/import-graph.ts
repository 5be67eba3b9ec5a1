import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/**
 * The import graph between folders, for the floor-plan tests (src/, server/, electron/,
 * contract/): which folder imports which, by relative specifier. Libraries are not edges.
 * Tests and test harnesses (`*.test.ts`, `testing/`) are not product code and are left out.
 */
export const ROOT = resolve(import.meta.dirname, "../..");

export function sourceFiles(dir: string): string[] {
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

export interface Edge {
  from: string;
  to: string;
  /** The importing file, relative to the repository. */
  file: string;
  specifier: string;
}

/** Every import between two different folders, as `folderOf` names them. */
export function importEdges(
  files: readonly string[],
  folderOf: (absolutePath: string) => string,
): Edge[] {
  return files.flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(SPECIFIER)].flatMap((match) => {
      const specifier = (match[1] ?? match[2])!;
      const from = folderOf(file);
      const to = folderOf(resolve(dirname(file), specifier));
      return from === to ? [] : [{ from, to, file: relative(ROOT, file), specifier }];
    }),
  );
}

/** The edges breaking a rule, written for a failure message. */
export function described(edges: readonly Edge[]): string[] {
  return edges.map((e) => `${e.file} imports ${e.specifier}`);
}

/** Every loop of folders (strongly connected groups of more than one), each sorted. */
export function folderCycles(edges: readonly Edge[]): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from)!.add(to);
  }
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

/** The repository's top folder of a path ("contract", "src", "locales", ...). */
export function topFolderOf(path: string): string {
  return relative(ROOT, path).split(/[\\/]/)[0]!;
}
