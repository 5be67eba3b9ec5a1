import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";

/** A real server process (`server/main.ts`), so a test can kill it with SIGKILL. */
export interface ChildServer {
  url: string;
  port: number;
  /** Every JSON log line it wrote on stdout so far. */
  logs: Record<string, unknown>[];
  /** Resolves with the first log line (past or future) whose `msg` is `message`. */
  waitForLog(message: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Sends `signal` and resolves once the process is gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

export const CHILD_SERVER_ENV = {
  NODE_ENV: "test",
  HOST: "127.0.0.1",
  AUTH_SECRET: "child-secret-child-secret-child-secret-12",
  LOG_LEVEL: "info",
  INGEST_POLL_SECONDS: "3600",
  RATE_LIMIT_MAX: "100000",
  AUTH_RATE_LIMIT_MAX: "100000",
  FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
};

/** Starts the server with `env` over CHILD_SERVER_ENV; resolves once it listens and serves. */
export async function spawnChildServer(env: Record<string, string>): Promise<ChildServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--experimental-strip-types", "--no-warnings", "server/main.ts"],
    {
      env: { ...process.env, ...CHILD_SERVER_ENV, PORT: "0", ...env },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const logs: Record<string, unknown>[] = [];
  const waiters: Array<{ message: string; resolve(line: Record<string, unknown>): void }> = [];
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on("line", (line) => {
      const running = /running at (\S+)/.exec(line);
      if (running) return resolve(running[1]!);
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(line);
      } catch {
        return;
      }
      logs.push(parsed);
      for (const waiter of waiters.filter((w) => w.message === parsed.msg)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(parsed);
      }
    });
    void exited.then(() => reject(new Error(`server exited early: ${child.exitCode}`)));
  });
  return {
    url,
    port: Number(new URL(url).port),
    logs,
    waitForLog(message, timeoutMs = 30_000) {
      const seen = logs.find((line) => line.msg === message);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no "${message}" log within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          message,
          resolve: (line) => {
            clearTimeout(timer);
            resolve(line);
          },
        });
      });
    },
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
