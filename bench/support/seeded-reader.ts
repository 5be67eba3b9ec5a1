import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TestClient } from "../../tests/support/http-client.ts";
import { measure, type Throughput } from "./measure.ts";
import { type SeedResult, seedEntries } from "./seed-entries.ts";
import { BENCH_SERVER_ENV, spawnServer } from "./spawn-server.ts";

const PASSWORD = "bench password 123";

/** One signed-up reader with `entries` seeded in 100 feeds and a read-only app password. */
export interface SeededReader {
  url: string;
  email: string;
  appPassword: string;
  seed: SeedResult;
  /** The web app's own POST /entries page of 100, one connection: the APIs' baseline. */
  measureEntriesPage(seconds: number): Promise<Throughput>;
}

/**
 * Runs `work` against a server (its own process) holding one reader: signed up through the API,
 * `entries` seeded straight into the SQLite file (100 newest unread per feed, 0.1 % starred),
 * the server restarted on it, an app password made. Everything is removed afterwards.
 */
export async function withSeededReader<T>(
  name: string,
  entries: number,
  work: (reader: SeededReader) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), `follow-bench-${name}-`));
  try {
    let server = await spawnServer(BENCH_SERVER_ENV, { dataDir });
    const client = new TestClient(server.url);
    const email = `bench.${Date.now()}@example.com`;
    await client.signUp(email, PASSWORD);
    const userId = (await client.session()).body?.user?.id as string | undefined;
    await server.stop();
    if (!userId) throw new Error("sign-up failed");
    const seed = seedEntries(join(dataDir, "follow.sqlite"), {
      userId,
      feeds: 100,
      entries,
      unreadNewest: 100,
      unreadShare: 0,
      starredShare: 0.001,
    });
    server = await spawnServer(BENCH_SERVER_ENV, { dataDir });
    try {
      const api = new TestClient(server.url).copyCookiesFrom(client);
      const made = await api.request("POST", "/api/tokens", {
        json: { name: "bench", kind: "app_password", scope: "read" },
      });
      const appPassword = made.body?.data?.secret as string;
      if (!appPassword) throw new Error(`app password: HTTP ${made.status}`);
      const url = server.url;
      return await work({
        url,
        email,
        appPassword,
        seed,
        measureEntriesPage: (seconds) =>
          measure({
            url: `${url}/api/entries`,
            method: "POST",
            headers: {
              cookie: api.cookieHeader(),
              origin: new URL(url).origin,
              "content-type": "application/json",
            },
            body: JSON.stringify({ limit: 100 }),
            seconds,
            connections: 1,
            timeout: 30,
          }),
      });
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
