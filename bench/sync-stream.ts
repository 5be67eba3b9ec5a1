import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { type ClientRequest, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TestClient } from "../tests/support/http-client.ts";
import { processCpuMs } from "./support/process-cpu.ts";
import { BENCH_SERVER_ENV } from "./support/spawn-server.ts";
import { ratio, round, type Table } from "./support/table.ts";

/**
 * The live change stream's cost and speed on one server process (SQLite): 1,000 idle streams
 * held open (memory before and after, per stream; CPU over an idle 10 s with heartbeats), then
 * the round trip of a poke (a write by one session, the poke received on another session's
 * stream) against a bare node:http SSE server's round trip (POST, event received) in the same
 * run. Reports; asserts nothing about time.
 */
const STREAMS = 1_000;
const USERS = 50;
const IDLE_MS = 10_000;
const HEARTBEAT_MS = 2_000;
const ROUNDS = 50;

export interface SyncStreamFigures {
  streams: number;
  heartbeatMs: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  heapBeforeMb: number;
  heapAfterMb: number;
  rssPerStreamKb: number;
  heapPerStreamKb: number;
  idleCpuMs: number;
  /** The same window before any stream was open. */
  baselineCpuMs: number;
  /** The same window on the bare node:http SSE server holding as many streams. */
  bareIdleCpuMs: number;
  idleWindowMs: number;
  connectMs: number;
  bare: { p50: number; p95: number };
  poke: { p50: number; p95: number };
}

interface Forked {
  child: ChildProcess;
  url: string;
  memory(): Promise<NodeJS.MemoryUsage>;
  stop(): Promise<void>;
}

async function forkScript(script: string, env: Record<string, string>): Promise<Forked> {
  const child = fork(script, [], {
    execArgv: [...process.execArgv, "--expose-gc"],
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.on("message", (message: { url?: string }) => message.url && resolve(message.url));
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    child,
    url,
    memory: () =>
      new Promise((resolve) => {
        const listen = (message: { memory?: NodeJS.MemoryUsage }) => {
          if (!message.memory) return;
          child.off("message", listen);
          resolve(message.memory);
        };
        child.on("message", listen);
        child.send("memory");
      }),
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** RSS of a process from /proc (the kernel's figure, as `ps` shows it). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** One held stream over its own socket; calls `onPoke` with each poke's version. */
function holdStream(
  url: string,
  cookie: string,
  onPoke: (version: string) => void,
): Promise<ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { agent: false, headers: { cookie } }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`stream answered ${response.statusCode}`));
        return;
      }
      let buffer = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const version = /^data: \{"version":"(\d+)"/m.exec(event)?.[1];
          if (version) onPoke(version);
          end = buffer.indexOf("\n\n");
        }
      });
      response.on("error", () => {});
      resolve(request);
    });
    request.on("error", reject);
    request.end();
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** Times `rounds` round trips: `send` starts one, `arrived` resolves when it is received. */
async function roundTrips(rounds: number, trip: () => Promise<void>) {
  const times: number[] = [];
  for (let i = 0; i < rounds + 5; i += 1) {
    const started = performance.now();
    await trip();
    // The first few warm up the paths (JIT, prepared statements).
    if (i >= 5) times.push(performance.now() - started);
    // Apart, as a person's changes are: each poke is the first after a quiet spell.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { p50: round(percentile(times, 50), 2), p95: round(percentile(times, 95), 2) };
}

export async function benchSyncStream(): Promise<SyncStreamFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), "follow-bench-sync-"));
  const server = await forkScript("bench/support/measured-server.ts", {
    ...BENCH_SERVER_ENV,
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: dataDir,
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-123",
    LOG_LEVEL: "warn",
    SYNC_STREAM_HEARTBEAT_MS: String(HEARTBEAT_MS),
  });
  const bare = await forkScript("bench/support/bare-sse-server.ts", {
    HEARTBEAT_MS: String(HEARTBEAT_MS),
  });
  const requests: ClientRequest[] = [];
  try {
    const pid = server.child.pid!;
    const users: TestClient[] = [];
    for (let i = 0; i < USERS; i += 1) {
      const client = new TestClient(server.url);
      await client.signUp(`sync.bench.${Date.now()}.${i}@example.com`, "bench password 123");
      users.push(client);
    }
    // Warm the stream path once so the "before" figure holds its code, not the first stream's.
    const warm = await holdStream(
      `${server.url}/api/sync/stream`,
      users[0]!.cookieHeader(),
      () => {},
    );
    warm.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));

    // Baseline: the same idle window with no stream open (the server's own timers).
    const baselineStart = processCpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const baselineCpuMs = processCpuMs(pid) - baselineStart;

    const before = await server.memory();
    const rssBefore = rssMb(pid);
    let connected = 0;
    let everyoneIn!: () => void;
    const allConnected = new Promise<void>((resolve) => (everyoneIn = resolve));
    const connectStarted = performance.now();
    for (let i = 0; i < STREAMS; i += 1) {
      const user = users[i % USERS]!;
      let first = true;
      requests.push(
        await holdStream(`${server.url}/api/sync/stream`, user.cookieHeader(), () => {
          if (!first) return;
          first = false;
          connected += 1;
          if (connected === STREAMS) everyoneIn();
        }),
      );
    }
    await allConnected;
    const connectMs = performance.now() - connectStarted;
    const after = await server.memory();
    const rssAfter = rssMb(pid);

    const cpuBefore = processCpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idleCpuMs = processCpuMs(pid) - cpuBefore;

    // The same idle streams on the bare server: what heartbeats cost without the app around.
    const bareStreams: ClientRequest[] = [];
    for (let i = 0; i < STREAMS; i += 1) {
      bareStreams.push(await holdStream(`${bare.url}/stream`, "", () => {}));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const bareCpuBefore = processCpuMs(bare.child.pid!);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const bareIdleCpuMs = processCpuMs(bare.child.pid!) - bareCpuBefore;
    for (const stream of bareStreams) stream.destroy();

    // Bare SSE: POST, then the event on the held stream.
    let bareArrived: (() => void) | undefined;
    requests.push(await holdStream(`${bare.url}/stream`, "", () => bareArrived?.()));
    const bareTrips = await roundTrips(ROUNDS, async () => {
      const arrived = new Promise<void>((resolve) => (bareArrived = resolve));
      await fetch(`${bare.url}/poke`, { method: "POST", body: "{}" });
      await arrived;
    });

    // Poke: a write by one session of a user, the poke on another session's stream.
    const email = `sync.bench.rt.${Date.now()}@example.com`;
    const writer = new TestClient(server.url);
    await writer.signUp(email, "bench password 123");
    const reader = new TestClient(server.url);
    await reader.signIn(email, "bench password 123");
    let pokeArrived: ((version: string) => void) | undefined;
    requests.push(
      await holdStream(`${server.url}/api/sync/stream`, reader.cookieHeader(), (version) =>
        pokeArrived?.(version),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    let zone = 0;
    const pokeTrips = await roundTrips(ROUNDS, async () => {
      const arrived = new Promise<string>((resolve) => (pokeArrived = resolve));
      zone += 1;
      const answer = await writer.request("PATCH", "/api/settings/general", {
        json: { timeZone: zone % 2 ? "Asia/Tokyo" : "Europe/Paris" },
      });
      if (answer.status !== 200) throw new Error(`write failed: ${answer.status}`);
      await arrived;
    });

    const mb = (bytes: number) => bytes / 1024 / 1024;
    return {
      streams: STREAMS,
      heartbeatMs: HEARTBEAT_MS,
      rssBeforeMb: round(rssBefore),
      rssAfterMb: round(rssAfter),
      heapBeforeMb: round(mb(before.heapUsed)),
      heapAfterMb: round(mb(after.heapUsed)),
      rssPerStreamKb: round(((rssAfter - rssBefore) * 1024) / STREAMS),
      heapPerStreamKb: round((after.heapUsed - before.heapUsed) / 1024 / STREAMS),
      idleCpuMs: round(idleCpuMs),
      baselineCpuMs: round(baselineCpuMs),
      bareIdleCpuMs: round(bareIdleCpuMs),
      idleWindowMs: IDLE_MS,
      connectMs: round(connectMs),
      bare: bareTrips,
      poke: pokeTrips,
    };
  } finally {
    for (const request of requests) request.destroy();
    await server.stop();
    await bare.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function syncStreamTable(f: SyncStreamFigures): Table {
  return {
    title: `Live change stream (SQLite, one server process, ${f.streams} idle streams of ${USERS} users)`,
    headers: ["What", "Figure"],
    rows: [
      ["Server RSS before / after", `${f.rssBeforeMb} / ${f.rssAfterMb} MB`],
      ["Server heap used before / after (after gc)", `${f.heapBeforeMb} / ${f.heapAfterMb} MB`],
      ["Per stream: RSS / heap", `${f.rssPerStreamKb} / ${f.heapPerStreamKb} KB`],
      [`${f.streams} streams connected in`, `${f.connectMs} ms`],
      [
        `Server CPU over ${f.idleWindowMs / 1000} s idle (heartbeat every ${f.heartbeatMs} ms)`,
        `${f.idleCpuMs} ms (${round((f.idleCpuMs / f.idleWindowMs) * 100, 2)} % of one core)`,
      ],
      [
        `Server CPU over the same window with no stream (baseline)`,
        `${f.baselineCpuMs} ms (${round((f.baselineCpuMs / f.idleWindowMs) * 100, 2)} % of one core)`,
      ],
      [
        `Bare node:http SSE server, ${f.streams} streams, same window and heartbeat`,
        `${f.bareIdleCpuMs} ms (the streams' share of the server's, idle − baseline: ${ratio(Math.max(0, f.idleCpuMs - f.baselineCpuMs), f.bareIdleCpuMs)})`,
      ],
      ["Bare node:http SSE round trip p50 / p95", `${f.bare.p50} / ${f.bare.p95} ms`],
      [
        "Poke round trip (write → other session's poke) p50 / p95",
        `${f.poke.p50} / ${f.poke.p95} ms`,
      ],
    ],
    leftAligned: [1],
    notes: [
      `${ROUNDS} rounds each, 100 ms apart, with the ${f.streams} idle streams still open.`,
      "The poke's round trip includes the write itself (session check, settings write, version bump).",
    ],
  };
}
