import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { entitiesTables } from "./entities-tables.ts";

/**
 * `npm start` runs the server from one minified bundle (dist/server), not from its TypeScript
 * sources: no type stripping at run time (Node's stripper is a WebAssembly module of ~15 MB in
 * every thread that loads a .ts file) and no comments or unused modules kept in memory (V8 keeps
 * the source text of every module: 28 MB of strings, half of the heap, for the sources and their
 * dependencies as published). Start RSS 152 MB -> 93 MB with the same V8 flags, see
 * `npm run bench -- memory`. Tests and benchmarks of single parts still run the sources.
 *
 * Run as `node scripts/build-server.ts` (start.ts does it in a child process when the bundle is
 * older than the sources, so the launcher never loads the bundler).
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_DIST = join(root, "dist/server");

/** Entry points: output name -> source. */
export const SERVER_ENTRIES: Record<string, string> = {
  main: "server/main.ts",
  worker: "server/worker.ts",
  "ingest-thread": "server/ingest/pool/worker.ts",
  "trending-thread": "server/discover/trending-worker.ts",
};

/**
 * Native or optional packages, and data the server requires and lets go again (the common
 * passwords: server/accounts/common-passwords.ts): loaded from node_modules at run time.
 */
const EXTERNAL = [
  /^better-sqlite3(\/|$)/,
  /^pg-native(\/|$)/,
  /^@electric-sql\//,
  /^koffi(\/|$)/,
  /^@zxcvbn-ts\//,
];

const SOURCES = [
  "server",
  "contract",
  "migrations",
  "package-lock.json",
  "scripts/build-server.ts",
  "scripts/entities-tables.ts",
];

/** True when any entry is missing or older than a source file. */
export function serverBuildIsStale(): boolean {
  const built = Object.keys(SERVER_ENTRIES).map((name) => join(SERVER_DIST, `${name}.js`));
  if (!built.every((file) => existsSync(file))) return true;
  const builtAt = Math.min(...built.map((file) => statSync(file).mtimeMs));
  return SOURCES.some((path) => newerThan(join(root, path), builtAt));
}

function newerThan(path: string, time: number): boolean {
  if (!existsSync(path)) return false;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs > time;
  return readdirSync(path).some((name) => newerThan(join(path, name), time));
}

/**
 * `new URL("<relative path>", import.meta.url)` in a source means a file next to that source;
 * in the bundle the code sits in dist/server. Such URLs are rewritten to point from there to
 * the same file, or, for a source that is itself an entry (a worker thread's script), to its
 * bundled output.
 */
function relocateFileUrls() {
  const entryOutputs = new Map(
    Object.entries(SERVER_ENTRIES).map(([name, source]) => [join(root, source), `./${name}.js`]),
  );
  const pattern = /new URL\(\s*(["'`])(\.{1,2}\/[^"'`$]*)([^"'`]*)\1\s*,\s*import\.meta\.url\s*\)/g;
  return {
    name: "relocate-file-urls",
    transform(code: string, id: string) {
      if (!id.startsWith(root) || id.includes("node_modules") || !code.includes("import.meta.url"))
        return null;
      let changed = false;
      const out = code.replace(pattern, (_match, quote: string, path: string, rest: string) => {
        const target = resolve(dirname(id), path);
        const entry = rest === "" ? entryOutputs.get(target) : undefined;
        let relocated = entry ?? relative(SERVER_DIST, target).split("\\").join("/");
        if (!relocated.startsWith(".")) relocated = `./${relocated}`;
        if (path.endsWith("/") && !relocated.endsWith("/")) relocated += "/";
        changed = true;
        return `new URL(${quote}${relocated}${rest}${quote}, import.meta.url)`;
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}

/** Chunks of earlier builds are removed once this old: a running server may still load them. */
const STALE_CHUNK_MS = 24 * 3_600_000;

export async function buildServer(): Promise<void> {
  const { build } = await import("rolldown");
  const result = await build({
    cwd: root,
    input: Object.fromEntries(
      Object.entries(SERVER_ENTRIES).map(([name, source]) => [name, join(root, source)]),
    ),
    platform: "node",
    external: EXTERNAL,
    plugins: [relocateFileUrls(), entitiesTables()],
    logLevel: "warn",
    // A dependency's direct eval (CSS parser error helper) is its business, not a build warning.
    checks: { eval: false },
    output: {
      dir: SERVER_DIST,
      format: "esm",
      // Not cleaned: a server started from an earlier build loads its lazy chunks later.
      // Whitespace and comments go, names stay: stack traces and logs keep readable names.
      minify: { compress: true, mangle: false, codegen: { removeWhitespace: true } },
      // V8 keeps a module's source as one byte per character only when all of it is Latin-1;
      // a single emoji or arrow in a string doubles the chunk's resident source (10 -> 5 MB).
      charset: "ascii",
      entryFileNames: "[name].js",
      // One flat directory: relocated URLs are relative to it from every chunk.
      chunkFileNames: "[name]-[hash].js",
      // CommonJS dependencies bundled into ES modules still ask for these.
      banner: [
        'import { createRequire as __createRequire } from "node:module";',
        'import { fileURLToPath as __fileURLToPath } from "node:url";',
        "const require = __createRequire(import.meta.url);",
        "const __filename = __fileURLToPath(import.meta.url);",
        'const __dirname = __fileURLToPath(new URL(".", import.meta.url));',
      ].join(" "),
    },
  });
  const written = new Set(result.output.map((file) => file.fileName));
  for (const name of readdirSync(SERVER_DIST)) {
    const file = join(SERVER_DIST, name);
    if (!written.has(name) && Date.now() - statSync(file).mtimeMs > STALE_CHUNK_MS) rmSync(file);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildServer();
  console.log(`Server bundle built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
