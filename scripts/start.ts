import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * `npm start`: builds the client when dist/client is missing or older than the sources, then
 * runs the server. One command from a fresh clone to a working app.
 */
const dist = process.env.CLIENT_DIST_DIR ?? "dist/client";
if (needsBuild()) {
  console.log("Building the client...");
  const result = spawnSync(
    process.execPath,
    ["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn"],
    {
      stdio: "inherit",
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import("../server/main.ts");

function needsBuild(): boolean {
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
