import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../../server/db/connect.ts";
import { auditLedger } from "../../server/wallet/admin.ts";
import { walletDb } from "../../server/wallet/tables.ts";
import { type ChildServer, spawnChildServer } from "../support/child-server.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { createTestPostgres, type TestPostgres } from "../support/postgres.ts";
import { DIALECTS, type Dialect } from "../support/server.ts";

/**
 * A server killed with SIGKILL while tips stream in: after the restart every tip it
 * acknowledged is in the ledger with both its postings, none is there half, the ledger still
 * balances, and retrying every key (acknowledged or not) moves nothing twice.
 */
const P = 10n ** 18n;

describe.each(DIALECTS)("POWER transfers killed mid-flight on %s", (dialect: Dialect) => {
  let site: FeedServer;
  let dataDir: string;
  let postgres: TestPostgres | undefined;
  let inspect: DatabaseHandle;
  const servers: ChildServer[] = [];
  const adminEmail = uniqueEmail("kill-admin");

  beforeAll(async () => {
    site = await new FeedServer().start();
    dataDir = mkdtempSync(join(tmpdir(), "follow-wallet-kill-"));
    postgres = dialect === "postgres" ? await createTestPostgres() : undefined;
    inspect = connectDatabase({
      databaseUrl: postgres?.url,
      databasePath: join(dataDir, "follow.sqlite"),
      databasePoolMax: 1,
    });
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill("SIGTERM")));
    await inspect?.close();
    await postgres?.drop();
    await site?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    const server = await spawnChildServer({
      DATA_DIR: dataDir,
      ADMIN_EMAILS: adminEmail,
      // The same instance after the restart: it gives up the keys its killed run held.
      INSTANCE_ID: "wallet-1",
      ...(postgres ? { DATABASE_URL: postgres.url, DATABASE_POOL_MAX: "4" } : {}),
    });
    servers.push(server);
    return server;
  };

  it("keeps every acknowledged tip whole and applies no key twice", async () => {
    let server = await start();
    const admin = new TestClient(server.url);
    await admin.signUp(adminEmail);
    await inspect.db
      .updateTable("user")
      .set({ emailVerified: dialect === "sqlite" ? 1 : true })
      .where("email", "=", adminEmail)
      .execute();
    const alice = new TestClient(server.url);
    const aliceId = (await alice.signUp(uniqueEmail("kill-alice"))).body.user.id;
    const bob = new TestClient(server.url);
    const bobId = (await bob.signUp(uniqueEmail("kill-bob"))).body.user.id;
    const feedUrl = site.serve(
      "/kill.xml",
      rssFeed("Kill", [{ guid: "k", title: "k", date: new Date() }]),
    );
    const feedId = (
      await bob.request("POST", "/api/subscriptions", { json: { url: feedUrl, view: 0 } })
    ).body.feed.id;
    await inspect.db
      .updateTable("feed")
      .set({ owner_user_id: bobId })
      .where("id", "=", feedId)
      .execute();
    const minted = await admin.request("POST", "/api/wallets/admin/mint", {
      json: { userId: aliceId, amount: (1000n * P).toString() },
      headers: { "idempotency-key": randomUUID() },
    });
    expect(minted.body.code).toBe(0);

    const keys = Array.from({ length: 300 }, () => randomUUID());
    const acknowledged = new Map<string, string>();
    const tipWith = (client: TestClient, key: string) =>
      client.request("POST", "/api/wallets/transactions/tip", {
        json: { amount: P.toString(), feedId },
        headers: { "idempotency-key": key },
      });
    // Tips in waves of 20; the server is killed once some have been answered.
    let killed = false;
    const sending = (async () => {
      for (let i = 0; i < keys.length && !killed; i += 20) {
        await Promise.all(
          keys.slice(i, i + 20).map(async (key) => {
            try {
              const answer = await tipWith(alice, key);
              if (answer.body?.code === 0) acknowledged.set(key, answer.body.data.transactionHash);
            } catch {
              // The connection died with the server.
            }
          }),
        );
      }
    })();
    await expect.poll(() => acknowledged.size, { timeout: 60_000 }).toBeGreaterThan(30);
    killed = true;
    await server.kill("SIGKILL");
    await sending;

    const stored = await walletDb(inspect)
      .selectFrom("wallet_transaction")
      .select(["hash", "idempotency_key"])
      .where("type", "=", "tip")
      .execute();
    const byKey = new Map(stored.map((row) => [row.idempotency_key, row.hash]));
    for (const [key, hash] of acknowledged) expect(byKey.get(key)).toBe(hash);
    const audit = await auditLedger(inspect);
    expect(audit).toMatchObject({
      balanced: true,
      mismatchedAccounts: [],
      unbalancedTransactions: [],
    });

    server = await start();
    const again = new TestClient(server.url).copyCookiesFrom(alice);
    for (const key of keys.slice(0, 80)) {
      const answer = await tipWith(again, key);
      expect(answer.body.code).toBe(0);
      const known = acknowledged.get(key) ?? byKey.get(key);
      if (known) expect(answer.body.data.transactionHash).toBe(known);
    }
    const after = await walletDb(inspect)
      .selectFrom("wallet_transaction")
      .select("idempotency_key")
      .where("type", "=", "tip")
      .execute();
    expect(new Set(after.map((r) => r.idempotency_key)).size).toBe(after.length);
    const bobWallet = await walletDb(inspect)
      .selectFrom("wallet_account")
      .select("balance")
      .where("id", "=", `user:${bobId}`)
      .executeTakeFirstOrThrow();
    expect(BigInt(bobWallet.balance)).toBe(BigInt(after.length) * P);
    expect((await auditLedger(inspect)).balanced).toBe(true);
  }, 180_000);
});
