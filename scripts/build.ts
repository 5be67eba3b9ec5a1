import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { serverBuildIsStale } from "./build-server.ts";

/**
 * What `npm start` builds before it runs anything: the client (vite) when dist/client is
 * missing or older than its sources, unless `--server-only`; the server bundle (dist/server,
 * scripts/build-server.ts) when older than its sources. Each build runs in a child process.
 */
const serverOnly = process.argv.includes("--server-only");
const dist = process.env.CLIENT_DIST_DIR ?? "dist/client";
if (!serverOnly && clientNeedsBuild()) {
  console.log("Building the client...");
  run(["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn"]);
}
if (serverBuildIsStale()) {
  console.log("Building the server...");
  run(["--experimental-strip-types", "scripts/build-server.ts"]);
}

function run(args: string[]) {
  const result = spawnSync(process.execPath, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function clientNeedsBuild(): boolean {
  const index = join(dist, "index.html");
  if (!existsSync(index)) return true;
  if (process.env.CLIENT_DIST_DIR) return false;
  const builtAt = statSync(index).mtimeMs;
  return ["src", "locales", "contract", "index.html"].some((path) => newerThan(path, builtAt));
}

function newerThan(path: string, time: number): boolean {
  if (!existsSync(path)) return false;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs > time;
  return readdirSync(path).some((name) => newerThan(join(path, name), time));
}
