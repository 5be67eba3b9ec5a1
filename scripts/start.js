import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

/**
 * `npm start` (`npm run worker`: `start.js worker`): builds what is stale (scripts/build.ts, in a
 * child process), then runs the server bundle (dist/server) in a child process started with the
 * Node flags and environment of scripts/server-process.json, which a running process can no
 * longer change for itself:
 * - `--max-semi-space-size=4`: V8 otherwise sizes the young generation to the machine (128 MB
 *   committed at start here, scavenges of 3-5 ms, some of 100 ms under load). 4 MB: start RSS
 *   -40 MB, scavenges ~0.5 ms; 2 MB saves a few MB more but spends ~7% more CPU on a 220 KB
 *   answer (more scavenges).
 * - Full collections sooner during a refresh round are not a flag here: the server tightens
 *   V8's old-generation growth only while a round runs (server/jobs/heap-growth.ts), since for
 *   the whole process it cost requests under load ~40% more CPU.
 * - `MALLOC_ARENA_MAX=2`: glibc otherwise gives busy threads arenas of their own (up to 8 per
 *   core) and keeps what they freed; -21 MB idle after a 1,000-feed refresh.
 * - `MALLOC_MMAP_THRESHOLD_=32768`: blocks of 32 KB and more (feed bodies, answers) get pages of
 *   their own, returned when freed; glibc otherwise raises this threshold as such blocks are
 *   freed and then serves them from its arenas, whose freed middle it keeps: -9 MB idle after a
 *   1,000-feed refresh, -7 MB at its peak, CPU per `POST /entries` unchanged.
 * See `npm run bench -- memory` and `npm run bench -- load`. Plain JavaScript, so this launcher
 * does not load Node's TypeScript stripper: it stays at ~9 MB of private memory. Signals are
 * passed on; the launcher exits with the server's status.
 */
// Before anything else: an older Node fails later with flags it does not know.
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 19)) {
  console.error(
    `Follow needs Node.js 22.19 or newer (24 recommended); you have ${process.versions.node}.\n` +
      "Get it from https://nodejs.org, your system's package manager or a version manager " +
      "(nvm install 24, fnm install 24), or without root: npm install node@24 in a folder of " +
      "your choice and put its node_modules/.bin first on PATH.",
  );
  process.exit(1);
}

const entry = process.argv[2] === "worker" ? "worker" : "main";
const build = spawnSync(
  process.execPath,
  // The flag: Node 22 runs TypeScript only with it.
  [
    "--experimental-strip-types",
    "scripts/build.ts",
    ...(entry === "worker" ? ["--server-only"] : []),
  ],
  { stdio: "inherit" },
);
if (build.status !== 0) process.exit(build.status ?? 1);

const { nodeFlags, env } = JSON.parse(
  readFileSync(new URL("./server-process.json", import.meta.url), "utf8"),
);
const child = spawn(process.execPath, [...nodeFlags, `dist/server/${entry}.js`], {
  stdio: "inherit",
  env: { ...env, ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
