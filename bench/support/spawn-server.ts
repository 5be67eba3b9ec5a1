import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";

export interface SpawnedServer {
  url: string;
  stop(): Promise<void>;
}

/** Runs `server/main.ts` in its own process so the load generator does not share its CPU time. */
export async function spawnServer(env: Record<string, string>): Promise<SpawnedServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "follow-bench-"));
  const child: ChildProcess = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-123",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      const match = /running at (\S+)/.exec(line);
      if (match) resolve(match[1]!);
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
