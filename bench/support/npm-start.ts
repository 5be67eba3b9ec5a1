import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

export interface ServerLaunch {
  nodeFlags: string[];
  env: Record<string, string>;
  entry: string;
}

/**
 * The server as `npm start` runs it (scripts/start.js): the bundle in dist/server, built first
 * when stale, with the Node flags and environment of scripts/server-process.json.
 */
export function npmStartServer(): ServerLaunch {
  const build = spawnSync(
    process.execPath,
    ["--experimental-strip-types", "scripts/build.ts", "--server-only"],
    { stdio: "inherit" },
  );
  if (build.status !== 0) throw new Error(`server build failed (${build.status})`);
  const { nodeFlags, env } = JSON.parse(readFileSync("scripts/server-process.json", "utf8")) as {
    nodeFlags: string[];
    env: Record<string, string>;
  };
  return { nodeFlags, env, entry: "dist/server/main.js" };
}
