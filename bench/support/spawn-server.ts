import { type ChildProcess, spawn } from "node:child_process";
import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";

/** A benchmark's server: no rate limits in the way of its load, no scheduler fetching beside it. */
export const BENCH_SERVER_ENV = {
  AUTH_RATE_LIMIT_MAX: "1000000",
  RATE_LIMIT_MAX: "1000000",
  TOKEN_RATE_LIMIT_MAX: "1000000",
  INGEST_SCHEDULER: "false",
};

export interface SpawnedServer {
  url: string;
  dataDir: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Runs `server/main.ts` in its own process so the load generator does not share its CPU time.
 * By default it gets a fresh DATA_DIR that `stop()` deletes; pass `dataDir` to run on an existing
 * one (a seeded database, or a restart), which then stays for the caller to delete. `nodeFlags`
 * replaces this process's own flags (default) on the server's command line; `entry` the script
 * (default the sources' server/main.ts; the bundle npm start runs is dist/server/main.js).
 */
export async function spawnServer(
  env: Record<string, string>,
  options: { dataDir?: string; nodeFlags?: string[]; entry?: string } = {},
): Promise<SpawnedServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "follow-bench-"));
  const flags = options.nodeFlags ?? process.execArgv;
  const child: ChildProcess = spawn(
    process.execPath,
    [...flags, options.entry ?? "server/main.ts"],
    {
      env: {
        ...process.env,
        NODE_ENV: "test",
        HOST: "127.0.0.1",
        PORT: "0",
        DATA_DIR: dataDir,
        AUTH_SECRET: "bench-secret-bench-secret-bench-secret-123",
        LOG_LEVEL: "warn",
        // Every bench feed is on one loopback host: the per-host limits are for real sites.
        INGEST_HOST_CONCURRENCY: "64",
        INGEST_HOST_PER_MINUTE: "100000",
        ...env,
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    // BENCH_SERVER_STDOUT=<file>: the server's output kept (with --trace-gc, say).
    const kept = process.env.BENCH_SERVER_STDOUT;
    lines.on("line", (line) => {
      if (kept) appendFileSync(kept, `${line}\n`);
      const match = /running at (\S+)/.exec(line);
      if (match) resolve(match[1]!);
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    url,
    dataDir,
    pid: child.pid!,
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
