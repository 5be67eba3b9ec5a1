import { TestClient } from "../tests/support/http-client.ts";
import { createTestPostgres } from "../tests/support/postgres.ts";
import { measure, sequentialRate } from "./support/measure.ts";
import { spawnServer } from "./support/spawn-server.ts";
import { ratio, type Table } from "./support/table.ts";

export interface AuthFigures {
  database: string;
  healthRps: number;
  getSessionRps: number;
  getSessionP99Ms: number;
  signInPerSecond: number;
}

/**
 * Sign-in and get-session round-trips over loopback against one database. The baseline is the
 * health route on the same server in the same run (one SELECT 1), so figures are comparable
 * across noisy machines as ratios.
 */
export async function benchAuth(database: "sqlite" | "postgres"): Promise<AuthFigures> {
  const postgres = database === "postgres" ? await createTestPostgres() : undefined;
  const server = await spawnServer({
    AUTH_RATE_LIMIT_MAX: "1000000",
    RATE_LIMIT_MAX: "1000000",
    ...(postgres
      ? { DATABASE_URL: postgres.url, DATABASE_POOL_MAX: String(postgres.poolMax) }
      : {}),
  });
  try {
    const email = `bench.${Date.now()}@example.com`;
    const client = new TestClient(server.url);
    await client.signUp(email, "bench password 123");
    const sessionCookie = client.cookieHeader();

    const health = await measure({ url: `${server.url}/api/health` });
    const session = await measure({
      url: `${server.url}/api/better-auth/get-session`,
      headers: { cookie: sessionCookie },
    });
    // Password hashing (scrypt) dominates sign-in, by design; measure it sequentially.
    const signInPerSecond = await sequentialRate(20, async () => {
      const response = await new TestClient(server.url).signIn(email, "bench password 123");
      if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
    });
    if (health.errors || session.errors) throw new Error("errors during load");
    return {
      database: postgres ? `postgres (${postgres.engine})` : "sqlite",
      healthRps: health.requestsPerSecond,
      getSessionRps: session.requestsPerSecond,
      getSessionP99Ms: session.p99Ms,
      signInPerSecond,
    };
  } finally {
    await server.stop();
    await postgres?.drop();
  }
}

export function authTable(figures: AuthFigures[]): Table {
  const sqlite = figures.find((f) => f.database === "sqlite");
  const postgres = figures.find((f) => f.database !== "sqlite");
  return {
    title: "Auth round-trips over loopback (10 connections, 5 s each)",
    headers: [
      "database",
      "health req/s",
      "get-session req/s (× health)",
      "p99 ms",
      "sign-in/s (× sqlite)",
    ],
    rows: figures.map((f) => [
      f.database,
      f.healthRps,
      `${f.getSessionRps} (${ratio(f.getSessionRps, f.healthRps)})`,
      f.getSessionP99Ms,
      `${f.signInPerSecond} (${sqlite ? ratio(f.signInPerSecond, sqlite.signInPerSecond) : "n/a"})`,
    ]),
    notes:
      sqlite && postgres
        ? [
            `postgres/sqlite get-session ratio: ${ratio(postgres.getSessionRps, sqlite.getSessionRps)}`,
          ]
        : [],
  };
}
