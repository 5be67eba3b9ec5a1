import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rewardUser } from "../../server/wallet/reward.ts";
import { FeedServer } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";
import { withServerDatabase } from "../support/server-database.ts";

/**
 * The POWER ledger through its HTTP calls on both databases: mint, daily claim, tip (to an
 * owner, or held for an unclaimed feed), boost, withdraw and its settlement, airdrops, paid
 * lists, the invitation price, admin-only calls, idempotent retries, and the audit after all.
 */
const P = 10n ** 18n;
const power = (n: number | bigint) => (BigInt(n) * P).toString();

function feedXml(name: string, count: number): string {
  const items = Array.from(
    { length: count },
    (_, i) =>
      `<item><title>${name} ${i}</title><link>https://example.com/${name}/${i}</link><guid>${name}-${i}</guid><pubDate>${new Date(Date.UTC(2026, 0, 1 + i)).toUTCString()}</pubDate></item>`,
  ).join("");
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>${name}</title><link>https://example.com/${name}</link><description>${name}</description>${items}</channel></rss>`;
}

describe.each(DIALECTS)("the POWER ledger on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let admin: TestClient;
  let alice: TestClient;
  let bob: TestClient;
  let aliceId: string;
  let bobId: string;
  let feedId: string;
  let entryId: string;
  const adminEmail = uniqueEmail("wallet-admin");

  const write = (
    client: TestClient,
    method: string,
    path: string,
    json: unknown,
    key = randomUUID(),
  ) => client.request(method, path, { json, headers: { "idempotency-key": key } });
  const walletOf = async (client: TestClient) =>
    (await client.request("GET", "/api/wallets")).body.data[0];
  const sql = <T>(use: Parameters<typeof withServerDatabase<T>>[1]) =>
    withServerDatabase(server, use);

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
      ADMIN_EMAILS: adminEmail,
      WALLET_DAILY_POOL: "1000",
      WALLET_INVITATION_PRICE: "3",
      WALLET_BOOST_LEVELS: "5,10",
      WALLET_TWO_FACTOR_THRESHOLD: "50",
    });
    admin = new TestClient(server.localUrl);
    await admin.signUp(adminEmail);
    // An ADMIN_EMAILS address is an admin once verified.
    await sql(({ db }) =>
      db
        .updateTable("user")
        .set({ emailVerified: dialect === "sqlite" ? 1 : true })
        .where("email", "=", adminEmail)
        .execute(),
    );
    alice = new TestClient(server.localUrl);
    aliceId = (await alice.signUp(uniqueEmail("wallet-alice"))).body.user.id;
    bob = new TestClient(server.localUrl);
    bobId = (await bob.signUp(uniqueEmail("wallet-bob"))).body.user.id;
    const sub = await bob.request("POST", "/api/subscriptions", {
      json: { url: feeds.serve("/wallet.xml", feedXml("wallet", 2)), view: 0 },
    });
    expect(sub.status).toBe(200);
    feedId = sub.body.feed.id;
    const listed = await bob.request("POST", "/api/entries", { json: { feedId, limit: 10 } });
    entryId = listed.body.data[0].entries.id;
    expect((await admin.session()).body.role).toBe("admin");
  });

  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("opens a wallet once, with nothing in it", async () => {
    expect((await alice.request("GET", "/api/wallets")).body.data).toEqual([]);
    expect((await write(alice, "POST", "/api/wallets", {})).body.code).toBe(0);
    expect((await write(alice, "POST", "/api/wallets", {})).body.code).toBe(0);
    const wallet = await walletOf(alice);
    expect(wallet).toMatchObject({ userId: aliceId, powerToken: "0", cashablePowerToken: "0" });
    expect(wallet.multiplier).toBeGreaterThanOrEqual(1);
  });

  it("keeps admin calls to admins", async () => {
    const paths: [string, string, unknown][] = [
      ["POST", "/api/wallets/admin/mint", { userId: aliceId, amount: power(1) }],
      ["PUT", "/api/wallets/admin/daily-pool", { amount: power(1) }],
      ["GET", "/api/wallets/admin/withdrawals", undefined],
      ["POST", "/api/wallets/admin/withdrawals/settle", { transactionHash: "0x1", reference: "r" }],
      ["POST", "/api/wallets/admin/airdrops", { userIds: [aliceId], amount: power(1) }],
      ["GET", "/api/wallets/admin/audit", undefined],
    ];
    for (const [method, path, json] of paths) {
      const refused =
        method === "GET"
          ? await alice.request(method, path)
          : await write(alice, method, path, json);
      expect(refused.status, path).toBe(403);
      expect(refused.body.code, path).toBe(1004);
    }
    expect((await walletOf(alice)).powerToken).toBe("0");
  });

  it("mints once per key, refuses the key for another body, and needs a key", async () => {
    const key = randomUUID();
    const first = await write(
      admin,
      "POST",
      "/api/wallets/admin/mint",
      { userId: aliceId, amount: power(100) },
      key,
    );
    expect(first.body.code).toBe(0);
    const again = await write(
      admin,
      "POST",
      "/api/wallets/admin/mint",
      { userId: aliceId, amount: power(100) },
      key,
    );
    expect(again.body.data.transactionHash).toBe(first.body.data.transactionHash);
    const other = await write(
      admin,
      "POST",
      "/api/wallets/admin/mint",
      { userId: aliceId, amount: power(7) },
      key,
    );
    expect(other.body.code).toBe(1002);
    const keyless = await admin.request("POST", "/api/wallets/admin/mint", {
      json: { userId: aliceId, amount: power(1) },
    });
    expect(keyless.body.code).toBe(1002);
    expect((await walletOf(alice)).powerToken).toBe(power(100));
  });

  it("mints a reward once per key (rewardUser)", async () => {
    await sql(async (database) => {
      const a = await rewardUser(database, {
        userId: bobId,
        amount: power(2),
        reason: "test",
        idempotencyKey: "r1",
      });
      const b = await rewardUser(database, {
        userId: bobId,
        amount: power(2),
        reason: "test",
        idempotencyKey: "r1",
      });
      expect(b).toEqual({ transactionHash: a.transactionHash, replayed: true });
    });
    expect((await walletOf(bob)).powerToken).toBe(power(2));
  });

  it("holds a tip to an unclaimed feed, then releases it to the owner", async () => {
    const tip = await write(alice, "POST", "/api/wallets/transactions/tip", {
      amount: power(10),
      entryId,
    });
    expect(tip.body.code).toBe(0);
    expect((await walletOf(alice)).powerToken).toBe(power(90));
    expect((await walletOf(bob)).powerToken).toBe(power(2));
    await sql(async (database) => {
      await database.db
        .updateTable("feed")
        .set({ owner_user_id: bobId })
        .where("id", "=", feedId)
        .execute();
      const { releaseHeldTips } = await import("../../server/wallet/reward.ts");
      expect((await releaseHeldTips(database, feedId, bobId))?.amount).toBe(power(10));
      expect(await releaseHeldTips(database, feedId, bobId)).toBeNull();
    });
    const wallet = await walletOf(bob);
    expect(wallet.powerToken).toBe(power(12));
    expect(wallet.cashablePowerToken).toBe(power(10));
    // Now claimed: a tip goes straight to the owner; the owner cannot tip himself.
    expect(
      (await write(alice, "POST", "/api/wallets/transactions/tip", { amount: power(1), feedId }))
        .body.code,
    ).toBe(0);
    expect((await walletOf(bob)).cashablePowerToken).toBe(power(11));
    expect(
      (await write(bob, "POST", "/api/wallets/transactions/tip", { amount: power(1), feedId })).body
        .code,
    ).toBe(4004);
  });

  it("refuses what a balance does not cover (4002) and unknown targets (4004)", async () => {
    const short = await write(alice, "POST", "/api/wallets/transactions/tip", {
      amount: power(1000),
      feedId,
    });
    expect(short.body.code).toBe(4002);
    const nowhere = await write(alice, "POST", "/api/wallets/transactions/tip", {
      amount: power(1),
      feedId: "1234567890123",
    });
    expect(nowhere.body.code).toBe(4004);
    expect((await walletOf(alice)).powerToken).toBe(power(89));
  });

  it("asks for the second factor above the threshold only when it is on (4008/4007)", async () => {
    await sql(({ db }) =>
      db
        .updateTable("user")
        .set({ twoFactorEnabled: dialect === "sqlite" ? 1 : true })
        .where("id", "=", aliceId)
        .execute(),
    );
    const none = await write(alice, "POST", "/api/wallets/transactions/tip", {
      amount: power(60),
      feedId,
    });
    expect(none.body.code).toBe(4008);
    const wrong = await write(alice, "POST", "/api/wallets/transactions/tip", {
      amount: power(60),
      feedId,
      TOTPCode: "000000",
    });
    expect(wrong.body.code).toBe(4007);
    // At or below the threshold no code is asked.
    expect(
      (await write(alice, "POST", "/api/wallets/transactions/tip", { amount: power(1), feedId }))
        .body.code,
    ).toBe(0);
    await sql(({ db }) =>
      db
        .updateTable("user")
        .set({ twoFactorEnabled: dialect === "sqlite" ? 0 : false })
        .where("id", "=", aliceId)
        .execute(),
    );
    expect((await walletOf(alice)).powerToken).toBe(power(88));
  });

  it("boosts by the offered levels only (4006) and shows the boosters", async () => {
    expect((await alice.request("GET", "/api/wallets/boosts/levels")).body.data).toEqual([
      power(5),
      power(10),
    ]);
    expect(
      (await write(alice, "POST", "/api/wallets/transactions/boost", { feedId, amount: power(7) }))
        .body.code,
    ).toBe(4006);
    expect(
      (await write(alice, "POST", "/api/wallets/transactions/boost", { feedId, amount: power(5) }))
        .body.code,
    ).toBe(0);
    expect(
      (await write(alice, "POST", "/api/wallets/transactions/boost", { feedId, amount: power(10) }))
        .body.code,
    ).toBe(0);
    const shown = await bob.request("GET", `/api/wallets/boosts?feedId=${feedId}`);
    expect(shown.body.data).toMatchObject({
      boostAmount: power(15),
      boosters: [{ userId: aliceId, amount: power(15) }],
    });
  });

  it("withdraws only the withdrawable part (4003), settled by an admin with a reference", async () => {
    const short = await write(alice, "POST", "/api/wallets/transactions/withdraw", {
      amount: power(1),
      address: "0xabc",
    });
    expect(short.body.code).toBe(4003);
    const asked = await write(bob, "POST", "/api/wallets/transactions/withdraw", {
      amount: power(4),
      address: "0xabc",
    });
    expect(asked.body.code).toBe(0);
    const hash = asked.body.data.transactionHash;
    expect((await walletOf(bob)).cashablePowerToken).toBe(power(8));
    const pending = await admin.request("GET", "/api/wallets/admin/withdrawals");
    expect(pending.body.data.map((t: { hash: string }) => t.hash)).toContain(hash);
    // The operator pays out to the address the owner gave.
    expect(pending.body.data.find((t: { hash: string }) => t.hash === hash).address).toBe("0xabc");
    const settle = { transactionHash: hash, reference: "bank-123" };
    expect(
      (await write(admin, "POST", "/api/wallets/admin/withdrawals/settle", settle)).body.code,
    ).toBe(0);
    expect(
      (await write(admin, "POST", "/api/wallets/admin/withdrawals/settle", settle)).body.code,
    ).toBe(0);
    expect(
      (
        await write(admin, "POST", "/api/wallets/admin/withdrawals/settle", {
          ...settle,
          reference: "x",
        })
      ).body.code,
    ).toBe(4000);
    const mine = await bob.request("GET", "/api/wallets/transactions?type=withdraw");
    expect(mine.body.data[0]).toMatchObject({
      hash,
      status: "settled",
      reference: "bank-123",
      address: "0xabc",
    });
  });

  it("claims the daily POWER once a day, after it is computed (4005, then 4000)", async () => {
    // As if today's amount had not been computed yet (a new day, before the job ran).
    const today = new Date().toISOString().slice(0, 10);
    await sql((database) =>
      database.db
        .withTables<{ wallet_setting: { key: string; value: string } }>()
        .deleteFrom("wallet_setting")
        .where("key", "=", `daily-base:${today}`)
        .execute(),
    );
    expect((await alice.request("GET", "/api/wallets/transactions/claim-check")).body.data).toBe(
      false,
    );
    const early = await write(alice, "POST", "/api/wallets/transactions/claim_daily", {});
    expect(early.body.code).toBe(4005);
    // Asking started the computation.
    await expect
      .poll(
        async () => (await alice.request("GET", "/api/wallets/transactions/claim-check")).body.data,
      )
      .toBe(true);
    const wallet = await walletOf(alice);
    expect(BigInt(wallet.todayDailyPower)).toBeGreaterThan(0n);
    const claimed = await write(alice, "POST", "/api/wallets/transactions/claim_daily", {});
    expect(claimed.body.code).toBe(0);
    expect(claimed.body.data.amount).toBe(wallet.todayDailyPower);
    expect(BigInt((await walletOf(alice)).powerToken)).toBe(
      BigInt(wallet.powerToken) + BigInt(claimed.body.data.amount),
    );
    expect(
      (await write(alice, "POST", "/api/wallets/transactions/claim_daily", {})).body.code,
    ).toBe(4000);
    expect((await alice.request("GET", "/api/wallets/transactions/claim-check")).body.data).toBe(
      false,
    );
    expect((await walletOf(alice)).todayDailyPower).toBe("0");
  });

  it("sends airdrops to the eligible and verified, once (4010-4013)", async () => {
    expect((await write(bob, "POST", "/api/wallets/airdrop", {})).body.code).toBe(4010);
    await write(admin, "POST", "/api/wallets/admin/airdrops", {
      userIds: [bobId],
      amount: power(3),
      verified: false,
    });
    expect((await bob.request("GET", "/api/wallets/airdrop")).body.data).toMatchObject({
      status: "eligible",
      verified: false,
    });
    expect((await write(bob, "POST", "/api/wallets/airdrop", {})).body.code).toBe(4013);
    await write(admin, "POST", "/api/wallets/admin/airdrops", {
      userIds: [bobId],
      amount: power(3),
    });
    const before = BigInt((await walletOf(bob)).powerToken);
    const key = randomUUID();
    const sent = await write(bob, "POST", "/api/wallets/airdrop", {}, key);
    expect(sent.body.code).toBe(0);
    expect(
      (await write(bob, "POST", "/api/wallets/airdrop", {}, key)).body.data.transactionHash,
    ).toBe(sent.body.data.transactionHash);
    expect((await write(bob, "POST", "/api/wallets/airdrop", {})).body.code).toBe(4012);
    expect(BigInt((await walletOf(bob)).powerToken)).toBe(before + 3n * P);
    await sql((database) =>
      database.db
        .withTables<{ wallet_airdrop: { user_id: string; status: string } }>()
        .updateTable("wallet_airdrop")
        .set({ status: "sending" })
        .where("user_id", "=", bobId)
        .execute(),
    );
    expect((await write(bob, "POST", "/api/wallets/airdrop", {})).body.code).toBe(4011);
  });

  it("sells a paid list once and shows what it earned", async () => {
    const made = await bob.request("POST", "/api/lists", {
      json: { title: "Paid", view: 0, fee: 2 },
    });
    const listId = made.body.data.id;
    const carol = new TestClient(server.localUrl);
    await carol.signUp(uniqueEmail("wallet-carol"));
    const poor = await write(carol, "POST", "/api/subscriptions", { listId, view: 0 });
    expect(poor.body.code).toBe(4002);
    const before = BigInt((await walletOf(alice)).powerToken);
    const bobBefore = BigInt((await walletOf(bob)).cashablePowerToken);
    const followed = await write(alice, "POST", "/api/subscriptions", { listId, view: 0 });
    expect(followed.status).toBe(200);
    await alice.request("DELETE", "/api/subscriptions", { json: { listId } });
    expect((await write(alice, "POST", "/api/subscriptions", { listId, view: 0 })).status).toBe(
      200,
    );
    expect(BigInt((await walletOf(alice)).powerToken)).toBe(before - 2n * P);
    expect(BigInt((await walletOf(bob)).cashablePowerToken)).toBe(bobBefore + 2n * P);
    const shown = await carol.request("GET", `/api/lists?listId=${listId}`);
    expect(shown.body.data.list.purchaseAmount).toBe(power(2));
    const purchases = await alice.request("GET", "/api/wallets/transactions?type=purchase");
    expect(purchases.body.data).toHaveLength(1);
  });

  it("charges the invitation price", async () => {
    expect((await alice.request("GET", "/api/wallets/invitation-price")).body.data).toBe(power(3));
    const before = BigInt((await walletOf(alice)).powerToken);
    const made = await write(alice, "POST", "/api/invitations", {});
    expect(made.body.code).toBe(0);
    expect(BigInt((await walletOf(alice)).powerToken)).toBe(before - 3n * P);
  });

  it("pages transactions, shows only one's own, ranks balances, and audits to zero", async () => {
    const page1 = await alice.request("GET", "/api/wallets/transactions?limit=2");
    expect(page1.body.data).toHaveLength(2);
    const page2 = await alice.request(
      "GET",
      `/api/wallets/transactions?limit=2&before=${page1.body.data[1].hash}`,
    );
    expect(page2.body.data[0].hash).not.toBe(page1.body.data[0].hash);
    for (const t of [...page1.body.data, ...page2.body.data]) {
      expect([t.fromUserId, t.toUserId]).toContain(aliceId);
    }
    // Bob's payout address reaches only Bob and the operator, never the other side of a tip.
    const alices = (await alice.request("GET", "/api/wallets/transactions?limit=100")).body.data;
    expect(alices.length).toBeGreaterThan(0);
    expect(alices.filter((t: { address?: string }) => t.address !== undefined)).toEqual([]);
    const carol = new TestClient(server.localUrl);
    await carol.signUp(uniqueEmail("wallet-nobody"));
    expect((await carol.request("GET", "/api/wallets/transactions")).body.data).toEqual([]);
    const ranking = (await carol.request("GET", "/api/wallets/ranking")).body.data;
    expect(ranking[0]).toMatchObject({ rank: 1, userId: aliceId });
    const audit = (await admin.request("GET", "/api/wallets/admin/audit")).body.data;
    expect(audit).toMatchObject({
      balanced: true,
      mismatchedAccounts: [],
      unbalancedTransactions: [],
    });
    expect(BigInt(audit.minted)).toBe(BigInt(audit.burned) + BigInt(audit.circulating) + 4n * P);
  });
});
