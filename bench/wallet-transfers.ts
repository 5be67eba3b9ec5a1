import { randomUUID } from "node:crypto";
import { connectDatabase } from "../server/db/connect.ts";
import { auditLedger } from "../server/wallet/admin.ts";
import { rewardUser } from "../server/wallet/reward.ts";
import { FeedServer, rssFeed } from "../tests/support/feed-server.ts";
import { TestClient } from "../tests/support/http-client.ts";
import { createTestPostgres } from "../tests/support/postgres.ts";
import { measure } from "./support/measure.ts";
import { BENCH_SERVER_ENV, spawnServer } from "./support/spawn-server.ts";
import { ratio, round, type Table } from "./support/table.ts";

export interface WalletFigures {
  database: string;
  healthRps: number;
  transfersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  transfers: number;
  refused: number;
  balanced: boolean;
}

const CLIENTS = 100;
const SECONDS = 5;
const P = 10n ** 18n;

/**
 * POWER tips over loopback: 100 people, each its own client sending one tip after another
 * (each with its own Idempotency-Key) for 5 s, all to one feed's owner, the hottest account
 * there can be. The baseline is the health route on the same server in the same run. The
 * ledger is audited afterwards: every transfer balanced.
 */
export async function benchWalletTransfers(
  database: "sqlite" | "postgres",
): Promise<WalletFigures> {
  const postgres = database === "postgres" ? await createTestPostgres() : undefined;
  const site = await new FeedServer().start();
  const server = await spawnServer({
    ...BENCH_SERVER_ENV,
    FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
    ...(postgres ? { DATABASE_URL: postgres.url, DATABASE_POOL_MAX: "10" } : {}),
  });
  const direct = connectDatabase({
    databaseUrl: postgres?.url,
    databasePath: `${server.dataDir}/follow.sqlite`,
    databasePoolMax: 2,
  });
  try {
    const owner = new TestClient(server.url);
    const ownerId = (await owner.signUp(`bench.owner.${Date.now()}@example.com`)).body.user.id;
    const feedUrl = site.serve("/bench.xml", rssFeed("Bench", [{ guid: "b", title: "b" }]));
    const feedId = (
      await owner.request("POST", "/api/subscriptions", { json: { url: feedUrl, view: 0 } })
    ).body.feed.id;
    await direct.db
      .updateTable("feed")
      .set({ owner_user_id: ownerId })
      .where("id", "=", feedId)
      .execute();
    const senders: TestClient[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const client = new TestClient(server.url);
      const id = (await client.signUp(`bench.sender.${i}.${Date.now()}@example.com`)).body.user.id;
      await rewardUser(direct, {
        userId: id,
        amount: 1_000_000n * P,
        reason: "bench",
        idempotencyKey: `bench-${id}`,
      });
      senders.push(client);
    }

    const health = await measure({ url: `${server.url}/api/health`, connections: CLIENTS });
    const latencies: number[] = [];
    let refused = 0;
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(
      senders.map(async (client) => {
        while (Date.now() < until) {
          const started = performance.now();
          const answer = await client.request("POST", "/api/wallets/transactions/tip", {
            json: { amount: P.toString(), feedId },
            headers: { "idempotency-key": randomUUID() },
          });
          latencies.push(performance.now() - started);
          if (answer.body?.code !== 0) refused += 1;
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
    const audit = await auditLedger(direct);
    return {
      database: postgres ? `postgres (${postgres.engine})` : "sqlite",
      healthRps: health.requestsPerSecond,
      transfersPerSecond: Math.round((latencies.length - refused) / SECONDS),
      p50Ms: at(0.5),
      p99Ms: at(0.99),
      transfers: latencies.length - refused,
      refused,
      balanced: audit.balanced,
    };
  } finally {
    await direct.close();
    await server.stop();
    await site.stop();
    await postgres?.drop();
  }
}

export function walletTransfersTable(figures: WalletFigures[]): Table {
  return {
    title: `POWER tips over loopback (${CLIENTS} clients, ${SECONDS} s, one receiving account)`,
    headers: [
      "database",
      "health req/s",
      "transfers/s (× health)",
      "p50 ms",
      "p99 ms",
      "refused",
      "audit",
    ],
    rows: figures.map((f) => [
      f.database,
      f.healthRps,
      `${f.transfersPerSecond} (${ratio(f.transfersPerSecond, f.healthRps)})`,
      f.p50Ms,
      f.p99Ms,
      f.refused,
      f.balanced ? "balanced" : "UNBALANCED",
    ]),
  };
}

if (import.meta.main) {
  const { printTable } = await import("./support/table.ts");
  printTable(
    walletTransfersTable([
      await benchWalletTransfers("sqlite"),
      await benchWalletTransfers("postgres"),
    ]),
  );
}
