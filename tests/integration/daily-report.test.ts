import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestSlot, nextSlot, serverTimeZone } from "../../server/ai/daily/schedule.ts";
import { FakeChatServer } from "../support/fake-chat-server.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const MINUTE = 60_000;
/** Loopback allowed: the fake chat provider and the feeds are on 127.0.0.1. */
const SERVER_ENV = {
  AUTH_RATE_LIMIT_MAX: "1000",
  FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
  INGEST_POLL_SECONDS: "3600",
  DAILY_REPORT_CHECK_SECONDS: "0",
  AI_MAX_RETRIES: "0",
};
const article = (topic: string) =>
  `<p>The ${topic} story opened with a long first sentence about what happened today.</p><p>More detail follows.</p>`;

/**
 * The daily AI report: written at 8 AM and 8 PM in each user's zone, from the unread
 * entries that arrived since the last one. The clock is the test's: runDailyReports(instant).
 */
describe.each(DIALECTS)("daily AI report on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let chat: FakeChatServer;
  let alice: TestClient;
  let bob: TestClient;
  let start: Date;
  const aliceZone = "Asia/Tokyo";

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    chat = await new FakeChatServer().start();
    server = await startTestServer(dialect, SERVER_ENV);
    alice = new TestClient(server.localUrl);
    bob = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("report-alice"));
    await bob.signUp(uniqueEmail("report-bob"));
    // Alice writes with her own provider (the fake) and lives in Tokyo; Bob has no provider and
    // no zone: extractive reports at the server's 8 o'clocks.
    expect(
      (
        await alice.request("PUT", "/api/ai/provider", {
          json: { baseUrl: chat.baseUrl, model: "digest-model", apiKey: chat.apiKey },
        })
      ).body.code,
    ).toBe(0);
    await alice.request("PATCH", "/api/settings/general", { json: { timeZone: aliceZone } });
    start = new Date();
    const science = feeds.serve(
      "/science.xml",
      rssFeed("Science daily", [
        { guid: "s1", title: "Comet seen", html: article("comet"), date: new Date(2026, 0, 3) },
        { guid: "s2", title: "New mineral", html: article("mineral"), date: new Date(2026, 0, 2) },
      ]),
    );
    const city = feeds.serve(
      "/city.xml",
      rssFeed("City news", [
        { guid: "c1", title: "Tram line opens", html: article("tram"), date: new Date(2026, 0, 1) },
      ]),
    );
    for (const client of [alice, bob]) {
      for (const url of [science, city]) {
        await client.request("POST", "/api/subscriptions", { json: { url, view: 0 } });
      }
    }
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
    await chat?.stop();
  });

  const reports = async (client: TestClient, limit?: number) => {
    const answer = await client.request(
      "GET",
      `/api/ai/daily-reports${limit ? `?limit=${limit}` : ""}`,
    );
    expect(answer.status).toBe(200);
    return answer.body.data as {
      slotAt: string;
      since: string;
      timeZone: string;
      kind: string;
      content: string;
      entries: { id: string; title: string; feedTitle: string; url: string }[];
    }[];
  };

  it("writes nothing before an 8 o'clock has passed since the entries came", async () => {
    // At the start, the slot due is the one before the subscriptions: no entries in it.
    expect(await server.runDailyReports(start)).toBe(2);
    const [first] = await reports(alice);
    expect(first!.slotAt).toBe(latestSlot(start, aliceZone).toISOString());
    expect(first!.timeZone).toBe(aliceZone);
    expect(first!.entries).toEqual([]);
    expect(first!.content).toBe("");
    expect(chat.calls).toHaveLength(0);
    // The same instant again writes nothing more.
    expect(await server.runDailyReports(start)).toBe(0);
  });

  it("digests the unread entries since the last report with the user's provider", async () => {
    // Bob reads the tram story before his evening report: it is left out of his.
    const bobEntries = await bob.request("POST", "/api/entries", { json: {} });
    const tram = bobEntries.body.data.find(
      (d: { entries: { title: string } }) => d.entries.title === "Tram line opens",
    ).entries.id;
    await bob.request("POST", "/api/reads", { json: { entryIds: [tram] } });

    chat.answer = () => ["## Space\n", "- A comet was seen [1].\n", "## Cities\n- Trams [3]"];
    // Just after the next 8 o'clock in each zone (a minute past, as the loop would see it).
    const aliceSlot = nextSlot(start, aliceZone);
    const bobSlot = nextSlot(start, serverTimeZone());
    for (const at of [aliceSlot, bobSlot].sort((a, b) => a.getTime() - b.getTime())) {
      await server.runDailyReports(new Date(at.getTime() + MINUTE));
    }

    const [aliceReport, aliceFirst] = await reports(alice);
    expect(aliceReport!.slotAt).toBe(aliceSlot.toISOString());
    expect(aliceReport!.since).toBe(aliceFirst!.slotAt);
    expect(aliceReport!.kind).toBe("model");
    expect(aliceReport!.content).toBe("## Space\n- A comet was seen [1].\n## Cities\n- Trams [3]");
    expect(aliceReport!.entries.map((e) => e.title).sort()).toEqual([
      "Comet seen",
      "New mineral",
      "Tram line opens",
    ]);
    expect(aliceReport!.entries[0]).toMatchObject({ feedTitle: expect.any(String) });
    // The model was given every entry, numbered as cited, with its source and text.
    expect(chat.calls).toHaveLength(1);
    const prompt = chat.calls[0]!.body.messages.at(-1)!.content;
    expect(chat.calls[0]!.body.model).toBe("digest-model");
    aliceReport!.entries.forEach((entry, index) => {
      expect(prompt).toContain(`[${index + 1}] ${entry.feedTitle} — ${entry.title}`);
    });
    expect(prompt).toContain("comet story opened");

    const [bobReport] = await reports(bob);
    expect(bobReport!.slotAt).toBe(bobSlot.toISOString());
    expect(bobReport!.kind).toBe("extractive");
    expect(bobReport!.entries.map((e) => e.title).sort()).toEqual(["Comet seen", "New mineral"]);
    // Top stories by source, each its title and first sentence, citing the entry.
    const lines = bobReport!.content.split("\n");
    expect(lines[0]).toBe("## Science daily");
    for (const [index, entry] of bobReport!.entries.entries()) {
      expect(lines).toContain(
        `- ${entry.title}: The ${entry.title === "Comet seen" ? "comet" : "mineral"} story opened with a long first sentence about what happened today. [${index + 1}]`,
      );
    }
    expect(chat.calls).toHaveLength(1);
  });

  it("does not repeat entries already reported, and falls back to extractive if the provider fails", async () => {
    const [latest] = await reports(alice);
    const next = nextSlot(new Date(latest!.slotAt), aliceZone);
    chat.failures.push({ status: 500 });
    await server.runDailyReports(new Date(next.getTime() + MINUTE));
    const [report] = await reports(alice);
    expect(report!.slotAt).toBe(next.toISOString());
    expect(report!.since).toBe(latest!.slotAt);
    expect(report!.entries).toEqual([]);
    // Nothing new: no model call was needed.
    expect(chat.calls).toHaveLength(1);

    // A fresh user whose provider is down gets the extractive report, labelled so.
    const carol = new TestClient(server.localUrl);
    await carol.signUp(uniqueEmail("report-carol"));
    await carol.request("PUT", "/api/ai/provider", {
      json: { baseUrl: chat.baseUrl, model: "m", apiKey: chat.apiKey },
    });
    await carol.request("PATCH", "/api/settings/general", { json: { timeZone: "UTC" } });
    const joined = new Date();
    await carol.request("POST", "/api/subscriptions", {
      json: { url: `${feeds.baseUrl}/science.xml`, view: 0 },
    });
    const carolSlot = nextSlot(joined, "UTC");
    await server.runDailyReports(new Date(carolSlot.getTime() + MINUTE));
    const [carolReport] = await reports(carol);
    expect(chat.calls).toHaveLength(2);
    expect(carolReport!.slotAt).toBe(carolSlot.toISOString());
    expect(carolReport!.kind).toBe("extractive");
    expect(carolReport!.entries).toHaveLength(2);
  });

  it("can be turned off in the general settings", async () => {
    await bob.request("PATCH", "/api/settings/general", { json: { dailyReport: false } });
    const before = await reports(bob, 14);
    const [latest] = before;
    const next = nextSlot(new Date(latest!.slotAt), serverTimeZone());
    await server.runDailyReports(new Date(next.getTime() + 13 * 60 * MINUTE));
    expect(await reports(bob, 14)).toEqual(before);
  });

  it("keeps reports for 30 days", async () => {
    const oldest = (await reports(alice, 14)).at(-1)!;
    const later = new Date(Date.parse(oldest.slotAt) + 40 * 24 * 3_600_000);
    await server.runDailyReports(later);
    const left = await reports(alice, 14);
    expect(left.length).toBeGreaterThan(0);
    for (const report of left) {
      expect(Date.parse(report.slotAt)).toBeGreaterThan(later.getTime() - 30 * 24 * 3_600_000);
    }
  });

  it("answers only the caller's own reports, and refuses malformed queries with 400", async () => {
    const stranger = new TestClient(server.localUrl);
    await stranger.signUp(uniqueEmail("report-stranger"));
    expect(await reports(stranger)).toEqual([]);
    const aliceIds = new Set((await reports(alice, 14)).map((r) => r.slotAt + r.timeZone));
    for (const report of await reports(bob, 14)) {
      expect(report.timeZone).not.toBe(aliceZone);
      expect(aliceIds.has(report.slotAt + report.timeZone)).toBe(false);
    }
    expect(await reports(alice, 1)).toHaveLength(1);
    const all = await reports(alice, 14);
    expect(all.length).toBeGreaterThanOrEqual(1);
    // Newest first.
    expect(all.map((r) => r.slotAt)).toEqual(
      all
        .map((r) => r.slotAt)
        .sort()
        .reverse(),
    );
    for (const query of ["limit=0", "limit=15", "limit=abc", "limit=1.5", "limit=-1"]) {
      const answer = await alice.request("GET", `/api/ai/daily-reports?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.code, query).toBe(1002);
    }
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string(), fc.string()), async (query) => {
        const search = new URLSearchParams(query).toString();
        const answer = await alice.request("GET", `/api/ai/daily-reports?${search}`);
        expect(answer.status, search).toBeLessThan(500);
        if (answer.status >= 400) expect(answer.body.code, search).toBe(1002);
      }),
      { numRuns: 60 },
    );
    const anonymous = new TestClient(server.localUrl);
    expect((await anonymous.request("GET", "/api/ai/daily-reports")).status).toBe(401);
  });

  it("is written once when several servers share the database: one model call per report", async () => {
    const dave = new TestClient(server.localUrl);
    await dave.signUp(uniqueEmail("report-dave"));
    await dave.request("PUT", "/api/ai/provider", {
      json: { baseUrl: chat.baseUrl, model: "m", apiKey: chat.apiKey },
    });
    await dave.request("PATCH", "/api/settings/general", { json: { timeZone: "UTC" } });
    const joined = new Date();
    await dave.request("POST", "/api/subscriptions", {
      json: { url: `${feeds.baseUrl}/science.xml`, view: 0 },
    });
    // Configured alike: whichever claims the report must reach the provider too.
    const second = await startTestServer(dialect, SERVER_ENV, server);
    try {
      const callsBefore = chat.calls.length;
      // The model answers only once both servers are at work on the same slot.
      let release = () => {};
      chat.hold = new Promise<void>((resolve) => {
        release = resolve;
      });
      const at = new Date(nextSlot(joined, "UTC").getTime() + MINUTE);
      const both = Promise.all([server.runDailyReports(at), second.runDailyReports(at)]);
      await expect.poll(() => chat.calls.length).toBe(callsBefore + 1);
      release();
      await both;
      chat.hold = undefined;
      expect(chat.calls).toHaveLength(callsBefore + 1);
      const [report] = await reports(dave, 14);
      expect(report!.kind).toBe("model");
      expect(report!.entries).toHaveLength(2);
      expect(await reports(dave, 14)).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });
});
