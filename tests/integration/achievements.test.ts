import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, verifyFromMailDirectory } from "../support/accounts.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

/**
 * Achievements: progress counted from what the person did, claimed once (9000 before it is
 * done, 9001 after), those an operator confirms wait under audit (9002) until an admin says
 * yes or no (9003 for one that needs no audit), and what was received is public.
 */

interface Achievement {
  id: string;
  progress: number;
  target: number;
  status: string;
  reward: string;
  needsAudit: boolean;
}

describe.each(DIALECTS)("achievements on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let reader: TestClient;
  let admin: TestClient;
  let readerId: string;
  const adminEmail = uniqueEmail("admin-achievements");

  const catalogue = async (client: TestClient) => {
    const answer = await client.request("GET", "/api/achievements");
    expect(answer.status).toBe(200);
    return new Map((answer.body.data as Achievement[]).map((a) => [a.id, a]));
  };
  const balance = async (client: TestClient) =>
    (await client.request("GET", "/api/wallets")).body.data[0]?.powerToken ?? "0";
  const claim = (client: TestClient, id: string) =>
    client.request("POST", "/api/achievements/claim", { json: { id } });

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
      ADMIN_EMAILS: adminEmail,
    });
    reader = new TestClient(server.localUrl);
    await reader.signUp(uniqueEmail("achiever"));
    readerId = (await reader.session()).body.user.id;
    admin = new TestClient(server.localUrl);
    await admin.signUp(adminEmail, PASSWORD);
    await verifyFromMailDirectory(server, admin, adminEmail);
  });

  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("lists the catalogue with progress, every reward an 18-decimal amount", async () => {
    const all = await catalogue(reader);
    expect([...all.keys()]).toEqual(
      expect.arrayContaining([
        "alpha_tester",
        "first_subscription",
        "first_list",
        "reader_100",
        "feed_owner",
      ]),
    );
    expect(all.get("first_subscription")).toMatchObject({
      progress: 0,
      target: 1,
      status: "incomplete",
      needsAudit: false,
    });
    expect(all.get("alpha_tester")).toMatchObject({ status: "completed", needsAudit: true });
    for (const a of all.values()) expect(a.reward).toMatch(/^[1-9]\d{18,}$/);
  });

  it("refuses an unfinished one (9000), pays a finished one once (9001 again)", async () => {
    expect((await claim(reader, "first_subscription")).body.code).toBe(9000);
    const url = feeds.serve(
      "/achieve.xml",
      rssFeed(
        "achieve",
        Array.from({ length: 5 }, (_, i) => ({ guid: `a${i}`, title: `Post ${i}` })),
      ),
    );
    const sub = await reader.request("POST", "/api/subscriptions", { json: { url, view: 0 } });
    expect(sub.status).toBe(200);
    expect((await catalogue(reader)).get("first_subscription")!.status).toBe("completed");

    const paid = await claim(reader, "first_subscription");
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ id: "first_subscription", status: "received" });
    expect(paid.body.data.receivedAt).toEqual(expect.any(String));
    expect((await claim(reader, "first_subscription")).body.code).toBe(9001);
    // Paid once into the wallet, whatever the retries.
    expect(await balance(reader)).toBe(paid.body.data.reward);

    // Reading counts toward 100 read.
    const entries = await reader.request("POST", "/api/entries", {
      json: { feedId: sub.body.feed.id, limit: 10 },
    });
    const entryIds = entries.body.data.map((item: { entries: { id: string } }) => item.entries.id);
    await reader.request("POST", "/api/reads", { json: { entryIds } });
    expect((await catalogue(reader)).get("reader_100")).toMatchObject({
      progress: 5,
      target: 100,
      status: "incomplete",
    });
    expect((await claim(reader, "reader_100")).body.code).toBe(9000);
  });

  it("holds an audited one for an operator, who confirms or refuses it", async () => {
    const asked = await claim(reader, "alpha_tester");
    expect(asked.status).toBe(200);
    expect(asked.body.data.status).toBe("audit");
    expect((await claim(reader, "alpha_tester")).body.code).toBe(9002);

    // Only operators see or settle audits.
    expect((await reader.request("GET", "/api/achievements/audits")).body.code).toBe(1004);
    const selfApproved = await reader.request("POST", "/api/achievements/audit", {
      json: { userId: readerId, id: "alpha_tester", approve: true },
    });
    expect(selfApproved.body.code).toBe(1004);

    const waiting = await admin.request("GET", "/api/achievements/audits");
    expect(waiting.status).toBe(200);
    expect(waiting.body.data).toContainEqual(
      expect.objectContaining({ userId: readerId, achievementId: "alpha_tester" }),
    );
    const noAudit = await admin.request("POST", "/api/achievements/audit", {
      json: { userId: readerId, id: "first_subscription", approve: true },
    });
    expect(noAudit.body.code).toBe(9003);

    const refused = await admin.request("POST", "/api/achievements/audit", {
      json: { userId: readerId, id: "alpha_tester", approve: false },
    });
    expect(refused.body.data.status).toBe("incomplete");
    expect((await catalogue(reader)).get("alpha_tester")!.status).toBe("completed");

    expect((await claim(reader, "alpha_tester")).body.data.status).toBe("audit");
    const confirmed = await admin.request("POST", "/api/achievements/audit", {
      json: { userId: readerId, id: "alpha_tester", approve: true },
    });
    expect(confirmed.body.data.status).toBe("received");
    const alpha = (await catalogue(reader)).get("alpha_tester")!.reward;
    const first = (await catalogue(reader)).get("first_subscription")!.reward;
    expect(await balance(reader)).toBe((BigInt(alpha) + BigInt(first)).toString());
    expect((await catalogue(reader)).get("alpha_tester")!.status).toBe("received");
    expect((await claim(reader, "alpha_tester")).body.code).toBe(9001);
    const again = await admin.request("POST", "/api/achievements/audit", {
      json: { userId: readerId, id: "alpha_tester", approve: true },
    });
    expect(again.body.code).toBe(9000);
  });

  it("shows what a person received to others, nothing under audit", async () => {
    await claim(admin, "alpha_tester");
    const shown = await admin.request("GET", `/api/achievements/received?userId=${readerId}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data.map((a: { id: string }) => a.id).sort()).toEqual([
      "alpha_tester",
      "first_subscription",
    ]);
    const adminId = (await admin.session()).body.user.id;
    const pending = await reader.request("GET", `/api/achievements/received?userId=${adminId}`);
    expect(pending.body.data).toEqual([]);
  });

  it("counts a list of one's own and a claimed feed", async () => {
    const list = await reader.request("POST", "/api/lists", {
      json: { title: "Mine", view: 0, fee: 0 },
    });
    expect(list.status).toBe(200);
    // Five claims at once: one is received, the others refused, the reward paid once.
    const before = BigInt(await balance(reader));
    const answers = await Promise.all(Array.from({ length: 5 }, () => claim(reader, "first_list")));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 9001)).toHaveLength(4);
    const reward = BigInt((await catalogue(reader)).get("first_list")!.reward);
    expect(BigInt(await balance(reader))).toBe(before + reward);
    expect((await catalogue(reader)).get("feed_owner")!.status).toBe("incomplete");
  });
});
