import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";

/**
 * The one-person setup: the app's own copy of the Follow server (dist/server/main.js, the
 * bundle `npm start` runs) on an embedded SQLite database in the user-data folder, listening on
 * 127.0.0.1 only. It runs as a child process on Electron's own Node (ELECTRON_RUN_AS_NODE), so
 * the server code is the same as on a self-hosted machine.
 */
export interface BundledServerOptions {
  /** Electron's executable (process.execPath) or, in tests, Node's. */
  execPath: string;
  serverMain: string;
  clientDir: string;
  dataDir: string;
  authSecret: string;
}

/** The environment of the bundled server: production, loopback, its own data folder. */
export function bundledServerEnv(options: BundledServerOptions, port: number) {
  return {
    ELECTRON_RUN_AS_NODE: "1",
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: options.dataDir,
    DATABASE_PATH: join(options.dataDir, "follow.sqlite"),
    CLIENT_DIST_DIR: options.clientDir,
    AUTH_SECRET: options.authSecret,
    LOG_LEVEL: "warn",
  };
}

/** A free loopback port (asked of the OS, then released for the child to take). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

/** Polls the health endpoint until the server answers (or the child dies, or 30 s pass). */
async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`bundled server exited with ${child.exitCode}`);
    try {
      const answer = await fetch(`${url}/api/health`);
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("bundled server did not answer within 30 s");
}

export async function startBundledServer(
  options: BundledServerOptions,
): Promise<{ url: string; close(): Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(options.execPath, [options.serverMain], {
    env: { ...process.env, ...bundledServerEnv(options, port) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForHealth(url, child);
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
