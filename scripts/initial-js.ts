import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * `node scripts/initial-js.ts [dist dir]`: the JavaScript every page of the built client loads
 * before its first paint, gzipped, from the build itself (built into a temp dir when no dir is
 * given). The README's initial-JS figure is this script's output; tests/e2e/initial-js.test.ts
 * holds it under its budget and fails when the README's figure strays from it.
 *
 * Counted: the entry script index.html names and every chunk it imports statically (what
 * index.html preloads), and the database worker the page starts at once with its own static
 * imports. Not counted: chunks loaded by import() (routes' pages, dialogs' bodies, Sentry), wasm
 * and CSS. Each file is gzipped at level 9 on its own, as a server sends it.
 */

/** Initial JS of the timeline, gzipped kB (1,000 bytes). */
export const INITIAL_JS_BUDGET_KB = 250;

export interface BuiltFile {
  path: string;
  raw: number;
  gzip: number;
}

export interface InitialJs {
  /** The page's own: entry and static imports. */
  page: BuiltFile[];
  /** The database worker's script and its static imports. */
  worker: BuiltFile[];
  pageGzip: number;
  workerGzip: number;
}

/** Static imports of a built ES module: `from "./x.js"` and `import "./x.js"`, not import(). */
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*"\.\/([\w.-]+\.js)"/g;
const WORKER_FILE = /\bworker-[\w-]+\.js\b/g;

function closure(assets: string, roots: readonly string[]): Map<string, string> {
  const seen = new Map<string, string>();
  const queue = [...roots];
  while (queue.length) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    const code = readFileSync(join(assets, name), "utf8");
    seen.set(name, code);
    for (const match of code.matchAll(STATIC_IMPORT)) queue.push(match[1]!);
  }
  return seen;
}

function measured(files: Map<string, string>): BuiltFile[] {
  return [...files]
    .map(([name, code]) => ({
      path: `assets/${name}`,
      raw: Buffer.byteLength(code),
      gzip: gzipSync(code, { level: 9 }).length,
    }))
    .sort((a, b) => b.gzip - a.gzip);
}

const total = (files: readonly BuiltFile[]) => files.reduce((sum, file) => sum + file.gzip, 0);

export function initialJs(distDir: string): InitialJs {
  const html = readFileSync(join(distDir, "index.html"), "utf8");
  const roots = [
    ...html.matchAll(/<script type="module"[^>]*\ssrc="\/assets\/([\w.-]+\.js)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*\shref="\/assets\/([\w.-]+\.js)"/g),
  ].map((match) => match[1]!);
  if (roots.length === 0) throw new Error(`${distDir}/index.html names no module script`);
  const assets = join(distDir, "assets");
  const pageFiles = closure(assets, roots);
  const workerRoots = new Set<string>();
  for (const code of pageFiles.values()) {
    for (const match of code.matchAll(WORKER_FILE)) workerRoots.add(match[0]);
  }
  const page = measured(pageFiles);
  const worker = measured(closure(assets, [...workerRoots]));
  return { page, worker, pageGzip: total(page), workerGzip: total(worker) };
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

if (import.meta.main) {
  const given = process.argv[2];
  const distDir = given ?? mkdtempSync(join(tmpdir(), "follow-initial-js-"));
  try {
    if (!given) {
      const { build } = await import("vite");
      process.env.NODE_ENV = "production";
      await build({ logLevel: "warn", build: { outDir: distDir, emptyOutDir: true } });
    }
    const figures = initialJs(distDir);
    console.log(
      `Initial JS (page): ${kB(figures.pageGzip)} kB gzipped in ${figures.page.length} files ` +
        `(budget ${INITIAL_JS_BUDGET_KB} kB: ${figures.pageGzip < INITIAL_JS_BUDGET_KB * 1000 ? "met" : "NOT met"})`,
    );
    console.log(
      `Database worker: ${kB(figures.workerGzip)} kB gzipped in ${figures.worker.length} files`,
    );
    console.log("Largest page files:");
    for (const file of figures.page.slice(0, 8)) {
      console.log(`  ${kB(file.gzip).padStart(6)} kB  ${file.path}`);
    }
  } finally {
    if (!given) rmSync(distDir, { recursive: true, force: true });
  }
}
