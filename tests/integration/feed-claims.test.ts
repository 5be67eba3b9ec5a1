import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, walletDb } from "../../server/wallet/tables.ts";
import { FeedServer } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";
import { withServerDatabase } from "../support/server-database.ts";

/**
 * Claiming a feed: the code from the challenge is looked for in the feed as its site serves it
 * (a description line, a <follow_challenge> element, a JSON Feed field) or in a meta tag on the
 * site; a claimed feed cannot be claimed again (4000), a missing code is 2010, and only the
 * owner sees the feed's analytics.
 */

const DAY = 86_400_000;
const ONE_POWER = (10n ** 18n).toString();

const balanceOf = async (client: TestClient): Promise<string> =>
  (await client.request("GET", "/api/wallets")).body.data[0]?.powerToken ?? "0";

function rss(name: string, siteUrl: string, extra = "") {
  const items = [0, 1, 2]
    .map((i) => {
      const date = new Date(Date.now() - i * DAY).toUTCString();
      return `<item><guid>${name}-${i}</guid><title>${name} ${i}</title>
<link>https://example.com/${name}/${i}</link><pubDate>${date}</pubDate>
<description>Post ${i}</description></item>`;
    })
    .join("\n");
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>${name}</title>
<link>${siteUrl}</link><description>${name} feed</description>${extra}${items}</channel></rss>`;
}

function jsonFeed(name: string, siteUrl: string, extra: Record<string, unknown> = {}) {
  return JSON.stringify({
    version: "https://jsonfeed.org/version/1.1",
    title: name,
    home_page_url: siteUrl,
    ...extra,
    items: [0, 1].map((i) => ({
      id: `${name}-${i}`,
      url: `https://example.com/${name}/${i}`,
      title: `${name} ${i}`,
      content_text: `Post ${i}`,
      date_published: new Date(Date.now() - i * DAY).toISOString(),
    })),
  });
}

describe.each(DIALECTS)("feed claims on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceId: string;
  let bobId: string;
  /** What each feed serves now: changed as the owner places the code. */
  const served = new Map<string, string>();
  /** Sites on loopback that answer 404: a failed verification looks there too, never outside. */
  const noSite = () => feeds.url("/no-site");

  const subscribe = async (client: TestClient, path: string, body: string, type?: string) => {
    served.set(path, body);
    feeds.serve(path, () => served.get(path)!, type);
    const answer = await client.request("POST", "/api/subscriptions", {
      json: { url: feeds.url(path), view: 0 },
    });
    expect(answer.status).toBe(200);
    return answer.body.feed.id as string;
  };
  const challenge = (client: TestClient, feedId: string) =>
    client.request("POST", "/api/feeds/claim/challenge", { json: { feedId } });
  const verify = (client: TestClient, feedId: string) =>
    client.request("POST", "/api/feeds/claim/verify", { json: { feedId } });

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    alice = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("alice-claim"));
    bob = new TestClient(server.localUrl);
    await bob.signUp(uniqueEmail("bob-claim"));
    aliceId = (await alice.session()).body.user.id;
    bobId = (await bob.session()).body.user.id;
  });

  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("finds the code on a description line, then the feed is claimed once", async () => {
    const feedId = await subscribe(alice, "/desc.xml", rss("desc", noSite()));
    const asked = await challenge(alice, feedId);
    expect(asked.status).toBe(200);
    const { code, placements } = asked.body.data;
    expect(code).toMatch(/^follow-claim-[A-Za-z0-9_-]{32}$/);
    expect((await challenge(alice, feedId)).body.data.code).toBe(code);

    const early = await verify(alice, feedId);
    expect(early.body.code).toBe(2010);
    // Not in the feed: the site's page was read too (for the meta tag).
    expect(feeds.hits.get("/no-site")).toBeGreaterThan(0);

    served.set(
      "/desc.xml",
      rss("desc", noSite()).replace(
        "<description>desc feed</description>",
        `<description>desc feed ${placements.description}</description>`,
      ),
    );
    const claimed = await verify(alice, feedId);
    expect(claimed.status).toBe(200);
    expect(claimed.body.data).toMatchObject({
      feedId,
      ownerUserId: aliceId,
      method: "description",
    });
    expect(claimed.body.data.owner.id).toBe(aliceId);

    // Claimed: nobody asks again, not even with their own code in the feed.
    expect((await challenge(alice, feedId)).body.code).toBe(4000);
    expect((await challenge(bob, feedId)).body.code).toBe(4000);
    expect((await verify(bob, feedId)).body.code).toBe(4000);

    const owners = await bob.request("GET", `/api/feeds/claim/owners?ids=${feedId},1234567890123`);
    expect(owners.status).toBe(200);
    expect(owners.body.data).toHaveLength(1);
    expect(owners.body.data[0]).toMatchObject({ feedId, ownerUserId: aliceId });
  });

  it("finds a <follow_challenge> element naming the feed and the person, and releases held tips", async () => {
    const feedId = await subscribe(alice, "/element.xml", rss("element", noSite()));
    // Bob earns POWER (his first subscription) and tips the feed before anyone claimed it.
    await bob.request("POST", "/api/subscriptions", {
      json: { url: feeds.url("/element.xml"), view: 0 },
    });
    const earned = await bob.request("POST", "/api/achievements/claim", {
      json: { id: "first_subscription" },
    });
    expect(earned.status).toBe(200);
    const tipped = await bob.request("POST", "/api/wallets/transactions/tip", {
      json: { amount: ONE_POWER, feedId },
      headers: { "idempotency-key": `tip-${dialect}-${feedId}` },
    });
    expect(tipped.status).toBe(200);
    const before = await balanceOf(alice);
    const { placements } = (await challenge(alice, feedId)).body.data;
    expect(placements.element).toContain(`<feedId>${feedId}</feedId>`);
    expect(placements.element).toContain(`<userId>${aliceId}</userId>`);
    served.set("/element.xml", rss("element", noSite(), placements.element));
    const claimed = await verify(alice, feedId);
    expect(claimed.status).toBe(200);
    expect(claimed.body.data.method).toBe("element");
    expect(await balanceOf(alice)).toBe((BigInt(before) + BigInt(ONE_POWER)).toString());

    // Once claimed, a tip to the feed or to one of its entries goes to the claimant, none held.
    const listed = await bob.request("POST", "/api/entries", { json: { feedId, limit: 1 } });
    const entryId = listed.body.data[0].entries.id as string;
    for (const [i, target] of [{ feedId }, { entryId }].entries()) {
      const after = await bob.request("POST", "/api/wallets/transactions/tip", {
        json: { amount: ONE_POWER, ...target },
        headers: { "idempotency-key": `tip-claimed-${dialect}-${feedId}-${i}` },
      });
      expect(after.status).toBe(200);
    }
    expect(await balanceOf(alice)).toBe((BigInt(before) + 3n * BigInt(ONE_POWER)).toString());
    const held = await withServerDatabase(server, (database) =>
      walletDb(database)
        .selectFrom("wallet_account")
        .select("balance")
        .where("id", "=", accounts.feed(feedId))
        .executeTakeFirst(),
    );
    expect(BigInt(held?.balance ?? 0)).toBe(0n);
    const sent = await bob.request("GET", "/api/wallets/transactions?type=tip&limit=2");
    expect(sent.body.data.map((t: { toUserId: string }) => t.toUserId)).toEqual([aliceId, aliceId]);
  });

  it("finds the JSON Feed extension field", async () => {
    const type = "application/feed+json";
    const feedId = await subscribe(alice, "/feed.json", jsonFeed("json", noSite()), type);
    const { placements } = (await challenge(alice, feedId)).body.data;
    expect((await verify(alice, feedId)).body.code).toBe(2010);
    served.set(
      "/feed.json",
      jsonFeed("json", noSite(), { [placements.jsonFeedField]: placements.jsonFeedValue }),
    );
    const claimed = await verify(alice, feedId);
    expect(claimed.status).toBe(200);
    expect(claimed.body.data.method).toBe("json");
  });

  it("finds the meta tag on the feed's site", async () => {
    const site = feeds.url("/site.html");
    const feedId = await subscribe(alice, "/meta.xml", rss("meta", site));
    const { placements } = (await challenge(alice, feedId)).body.data;
    feeds.serve("/site.html", "<html><head><title>x</title></head></html>", "text/html");
    expect((await verify(alice, feedId)).body.code).toBe(2010);
    feeds.serve(
      "/site.html",
      `<html><head>${placements.metaTag}<title>x</title></head></html>`,
      "text/html",
    );
    const claimed = await verify(alice, feedId);
    expect(claimed.status).toBe(200);
    expect(claimed.body.data.method).toBe("meta");
  });

  it("does not take someone else's code for the person's own", async () => {
    const feedId = await subscribe(bob, "/shared.xml", rss("shared", noSite()));
    await alice.request("POST", "/api/subscriptions", {
      json: { url: feeds.url("/shared.xml"), view: 0 },
    });
    const bobs = (await challenge(bob, feedId)).body.data;
    expect((await challenge(alice, feedId)).body.data.code).not.toBe(bobs.code);
    served.set("/shared.xml", rss("shared", noSite(), bobs.placements.element));
    expect((await verify(alice, feedId)).body.code).toBe(2010);
    const claimed = await verify(bob, feedId);
    expect(claimed.body.data).toMatchObject({ ownerUserId: bobId, method: "element" });
    expect((await verify(alice, feedId)).body.code).toBe(4000);
  });

  it("shows a claimed feed's analytics to its owner alone", async () => {
    const mine = await alice.request("GET", "/api/feeds/claim/mine");
    expect(mine.status).toBe(200);
    const feedIds = mine.body.data.map((claim: { feedId: string }) => claim.feedId);
    expect(feedIds).toHaveLength(4);
    const feedId = feedIds[0]!;

    const entries = await alice.request("POST", "/api/entries", { json: { feedId, limit: 10 } });
    const entryIds = entries.body.data.map((item: { entries: { id: string } }) => item.entries.id);
    expect(entryIds).toHaveLength(3);
    expect((await alice.request("POST", "/api/reads", { json: { entryIds } })).status).toBe(200);

    const analytics = await alice.request("GET", `/api/feeds/claim/analytics?id=${feedId}`);
    expect(analytics.status).toBe(200);
    const data = analytics.body.data;
    expect(data).toMatchObject({ feedId, subscribers: 1, totalEntries: 3, totalReads: 3 });
    expect(data.weeks).toHaveLength(12);
    const weekly = data.weeks.reduce((sum: number, w: { entries: number }) => sum + w.entries, 0);
    expect(weekly).toBe(3);
    expect(data.weeks.at(-1).reads).toBe(3);

    const refused = await bob.request("GET", `/api/feeds/claim/analytics?id=${feedId}`);
    expect(refused.body.code).toBe(1004);
    expect(JSON.stringify(refused.body)).not.toContain("totalReads");
    expect((await bob.request("GET", "/api/feeds/claim/mine")).body.data).toHaveLength(1);
  });

  it("holds verifications to 10 at once per person (12000 after)", async () => {
    const feedId = await subscribe(bob, "/busy.xml", rss("busy", noSite()));
    await challenge(bob, feedId);
    const before = feeds.hits.get("/busy.xml") ?? 0;
    const codes: number[] = [];
    // Earlier tests spent a few of Bob's; the budget refills one every 6 s.
    for (let i = 0; i < 12; i += 1) codes.push((await verify(bob, feedId)).body.code);
    expect(codes.filter((code) => code === 2010).length).toBeLessThanOrEqual(10);
    expect(codes.at(-1)).toBe(12000);
    // A refused verification fetched nothing.
    const fetched = (feeds.hits.get("/busy.xml") ?? 0) - before;
    expect(fetched).toBe(codes.filter((code) => code === 2010).length);
  });

  it("refuses a feed the person cannot read by id as if it did not exist", async () => {
    // A URL carrying a secret: reached only by those who know it.
    const secretPath = "/private.xml";
    served.set(secretPath, rss("private", noSite()));
    feeds.serve(secretPath, () => served.get(secretPath)!);
    const made = await alice.request("POST", "/api/subscriptions", {
      json: { url: `${feeds.url(secretPath)}?token=0123456789abcdef0123`, view: 0 },
    });
    expect(made.status).toBe(200);
    const feedId = made.body.feed.id;
    expect((await challenge(alice, feedId)).status).toBe(200);
    expect((await challenge(bob, feedId)).body.code).toBe(2001);
    expect((await verify(bob, feedId)).body.code).toBe(2001);
    expect((await challenge(bob, "1234567890123")).body.code).toBe(2001);
  });
});
