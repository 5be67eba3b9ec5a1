import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeChatServer } from "../support/fake-chat-server.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const ARTICLE = `<p>The city council approved a new plan for public transport on Tuesday evening.</p>
<p>The plan adds twelve bus lines and extends the tram network to the northern districts.</p>
<p>Council members said the transport plan would cut commuting times by a quarter.</p>
<p>Critics of the plan questioned whether the city can pay for the new tram lines.</p>
<p>The first new bus lines will start running in the spring of next year.</p>`;

async function subscribe(client: TestClient, feeds: FeedServer, path: string) {
  const url = feeds.serve(
    path,
    rssFeed("City news", [
      {
        guid: "long",
        title: "Transport plan approved",
        html: ARTICLE,
        date: new Date(Date.UTC(2026, 0, 2)),
      },
      {
        guid: "short",
        title: "Short",
        html: "<p>Too short to summarize.</p>",
        date: new Date(Date.UTC(2026, 0, 1)),
      },
    ]),
  );
  const sub = await client.request("POST", "/api/subscriptions", { json: { url, view: 0 } });
  const list = await client.request("POST", "/api/entries", { json: { feedId: sub.body.feed.id } });
  const byTitle = (title: string) =>
    list.body.data.find((d: { entries: { title: string } }) => d.entries.title === title).entries
      .id as string;
  return { long: byTitle("Transport plan approved"), short: byTitle("Short") };
}

/** NDJSON lines of a streamed answer. */
const lines = (text: string) =>
  text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));

describe.each(DIALECTS)("AI summaries without a provider on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let alice: TestClient;
  let ids: { long: string; short: string };

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    alice = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("summary"));
    ids = await subscribe(alice, feeds, "/city.xml");
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("answers an extractive summary made of the article's own sentences", async () => {
    const answer = await alice.request("GET", `/api/ai/summary?id=${ids.long}&language=en`);
    expect(answer.status).toBe(200);
    expect(answer.body.kind).toBe("extractive");
    const summary: string = answer.body.data;
    expect(summary.length).toBeGreaterThan(40);
    expect(summary.length).toBeLessThan(ARTICLE.length);
    // Every sentence picked is a sentence of the article, in the article's order.
    const sentences = summary.split(/(?<=\.)\s+/);
    let last = -1;
    for (const sentence of sentences) {
      const at = ARTICLE.indexOf(sentence);
      expect(at, sentence).toBeGreaterThan(last);
      last = at;
    }
    // Stored: the same answer again, and streamed as a single "done" line.
    const again = await alice.request("GET", `/api/ai/summary?id=${ids.long}&language=en`);
    expect(again.body.data).toBe(summary);
    const streamed = await alice.request(
      "GET",
      `/api/ai/summary/stream?id=${ids.long}&language=en`,
    );
    expect(streamed.headers.get("content-type")).toContain("application/x-ndjson");
    expect(lines(streamed.text)).toEqual([{ type: "done", summary, kind: "extractive" }]);
  });

  it("produces nothing for text under 100 characters", async () => {
    const answer = await alice.request("GET", `/api/ai/summary?id=${ids.short}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toBeNull();
    const streamed = await alice.request("GET", `/api/ai/summary/stream?id=${ids.short}`);
    expect(lines(streamed.text)).toEqual([{ type: "done", summary: null }]);
  });

  it("refuses malformed queries with a coded 4xx, never a 5xx", async () => {
    for (const query of [
      "",
      "id=abc",
      `id=${ids.long}&target=page`,
      `id=${ids.long}&language=%00`,
    ]) {
      const answer = await alice.request("GET", `/api/ai/summary?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.code, query).toBe(1002);
    }
    await fc.assert(
      fc.asyncProperty(
        fc.record({ id: fc.string(), language: fc.string(), target: fc.string() }),
        async (query) => {
          const search = new URLSearchParams(query).toString();
          for (const path of ["/api/ai/summary", "/api/ai/summary/stream"]) {
            const answer = await alice.request("GET", `${path}?${search}`);
            expect(answer.status, search).toBeGreaterThanOrEqual(400);
            expect(answer.status, search).toBeLessThan(500);
            expect(typeof answer.body.code).toBe("number");
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe.each(DIALECTS)("AI summaries from a chat-completions provider on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let chat: FakeChatServer;
  let alice: TestClient;
  let bob: TestClient;
  let ids: { long: string; short: string };

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    chat = await new FakeChatServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
      AI_BASE_URL: chat.baseUrl,
      AI_API_KEY: chat.apiKey,
      AI_MODEL: "test-model",
      AI_MAX_RETRIES: "2",
    });
    alice = new TestClient(server.localUrl);
    bob = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("summary-model"));
    await bob.signUp(uniqueEmail("summary-model-b"));
    ids = await subscribe(alice, feeds, "/city-model.xml");
    await subscribe(bob, feeds, "/city-model.xml");
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
    await chat?.stop();
  });

  it("streams the model's summary; a repeat while pending joins the same generation", async () => {
    let release!: () => void;
    chat.gate = new Promise((resolve) => {
      release = resolve;
    });
    const calls = chat.calls.length;
    const first = alice.request("GET", `/api/ai/summary/stream?id=${ids.long}&language=ja`);
    // Bob reads the same entry (he subscribes to the same feed) while it is being written.
    await expect.poll(() => chat.calls.length).toBe(calls + 1);
    const second = bob.request("GET", `/api/ai/summary?id=${ids.long}&language=ja`);
    release();
    const [streamed, joined] = await Promise.all([first, second]);
    chat.gate = undefined;
    expect(chat.calls.length).toBe(calls + 1);
    const body = chat.calls.at(-1)!.body;
    expect(body).toMatchObject({ model: "test-model", stream: true });
    expect(body.messages[1]!.content).toContain("Japanese");
    expect(body.messages[1]!.content).toContain("twelve bus lines");
    const events = lines(streamed.text);
    expect(
      events
        .filter((e) => e.type === "delta")
        .map((e) => e.text)
        .join(""),
    ).toBe("A summary written by the model.");
    expect(events.at(-1)).toEqual({
      type: "done",
      summary: "A summary written by the model.",
      kind: "model",
    });
    expect(joined.body).toEqual({
      code: 0,
      data: "A summary written by the model.",
      kind: "model",
    });
  });

  it("writes a user's summaries with their own provider, and serves them to no one else", async () => {
    const own = await new FakeChatServer().start();
    try {
      own.apiKey = "bob-own-key-0123456789";
      own.answer = () => ["Bob's model says: visit https://phish.example/ now."];
      const carol = new TestClient(server.localUrl);
      await carol.signUp(uniqueEmail("summary-model-c"));
      await subscribe(carol, feeds, "/city-model.xml");
      const put = await bob.request("PUT", "/api/ai/provider", {
        json: { baseUrl: own.baseUrl, model: "bob-model", apiKey: own.apiKey },
      });
      expect(put.body).toEqual({ code: 0 });
      expect((await bob.request("GET", "/api/ai/config")).body.data.summary).toBe("model");
      const path = `/api/ai/summary?id=${ids.long}&language=de`;
      const bobs = await bob.request("GET", path);
      expect(bobs.body).toEqual({
        code: 0,
        data: "Bob's model says: visit https://phish.example/ now.",
        kind: "model",
      });
      expect(own.calls.length).toBe(1);
      expect(own.calls[0]).toMatchObject({
        authorization: `Bearer ${own.apiKey}`,
        body: { model: "bob-model" },
      });
      // Alice is on the server's provider: it writes hers; Carol then shares that one.
      const calls = chat.calls.length;
      const alices = await alice.request("GET", path);
      expect(alices.body.data).toBe("A summary written by the model.");
      expect(chat.calls.length).toBe(calls + 1);
      const streamed = await carol.request(
        "GET",
        `/api/ai/summary/stream?id=${ids.long}&language=de`,
      );
      expect(streamed.text).not.toContain("phish");
      expect(lines(streamed.text)).toEqual([
        { type: "done", summary: "A summary written by the model.", kind: "model" },
      ]);
      expect(chat.calls.length).toBe(calls + 1);
      // Bob's stored one stays his, until he leaves his provider: then the shared one.
      expect((await bob.request("GET", path)).body.data).toContain("phish");
      expect(own.calls.length).toBe(1);
      await bob.request("DELETE", "/api/ai/provider", { json: {} });
      expect((await bob.request("GET", path)).body.data).toBe("A summary written by the model.");
      expect(chat.calls.length).toBe(calls + 1);
    } finally {
      await own.stop();
    }
  });

  it("retries a 429 and a 503 with backoff, then answers", async () => {
    chat.failures.push({ status: 429, retryAfter: "0" }, { status: 503 });
    const calls = chat.calls.length;
    const answer = await alice.request("GET", `/api/ai/summary?id=${ids.long}&language=zh-CN`);
    expect(answer.body).toEqual({
      code: 0,
      data: "A summary written by the model.",
      kind: "model",
    });
    expect(chat.calls.length).toBe(calls + 3);
  });

  it("gives up after its retries with a coded error, and a later request tries again", async () => {
    chat.failures.push({ status: 500 }, { status: 500 }, { status: 500 });
    const failed = await alice.request("GET", `/api/ai/summary?id=${ids.long}&language=fr`);
    expect(failed.status).toBe(502);
    expect(failed.body.code).toBe(1005);
    expect(failed.body.reason).toContain("500");
    const streamed = await alice.request(
      "GET",
      `/api/ai/summary/stream?id=${ids.long}&language=fr`,
    );
    expect(lines(streamed.text).at(-1)).toMatchObject({ type: "done", kind: "model" });
  });
});

describe("AI provider guard and deadline", () => {
  let feeds: FeedServer;
  let chat: FakeChatServer;
  const servers: TestServer[] = [];
  beforeAll(async () => {
    feeds = await new FeedServer().start();
    chat = await new FakeChatServer().start();
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await feeds?.stop();
    await chat?.stop();
  });

  async function serverWith(env: Record<string, string>) {
    const server = await startTestServer("sqlite", {
      AUTH_RATE_LIMIT_MAX: "1000",
      INGEST_POLL_SECONDS: "3600",
      AI_BASE_URL: chat.baseUrl,
      AI_API_KEY: chat.apiKey,
      AI_MAX_RETRIES: "0",
      ...env,
    });
    servers.push(server);
    const client = new TestClient(server.localUrl);
    await client.signUp(uniqueEmail("summary-guard"));
    return client;
  }

  it("refuses a provider at an address the operator did not allow (2003, no call made)", async () => {
    // Feeds on 127.0.0.1 are allowed; the provider at 127.0.0.2 is not: the guard refuses it
    // before connecting, without retries.
    const client = await serverWith({
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.1/32",
      AI_BASE_URL: chat.baseUrl.replace("127.0.0.1", "127.0.0.2"),
    });
    const { long } = await subscribe(client, feeds, "/guard.xml");
    const answer = await client.request("GET", `/api/ai/summary?id=${long}`);
    expect(answer.body.code).toBe(2003);
    expect(answer.status).toBeLessThan(500);
  });

  it("ends a provider call that outlives AI_TIMEOUT_SECONDS with a coded 504", async () => {
    const client = await serverWith({
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      AI_TIMEOUT_SECONDS: "1",
      AI_MAX_RETRIES: "0",
    });
    const { long } = await subscribe(client, feeds, "/slow.xml");
    chat.gate = new Promise(() => {});
    const answer = await client.request("GET", `/api/ai/summary?id=${long}`);
    chat.gate = undefined;
    expect(answer.status).toBe(504);
    expect(answer.body.code).toBe(1005);
  });
});
