import Database from "better-sqlite3";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeChatServer } from "../support/fake-chat-server.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const ENGLISH = {
  guid: "en-1",
  title: "The city council approved a new transport plan",
  html: "<p>The plan adds twelve bus lines and extends the tram network to the northern districts of the city.</p>",
  date: new Date(Date.UTC(2026, 0, 2)),
};
const JAPANESE = {
  guid: "ja-1",
  title: "東京都は新しい交通計画を発表しました",
  html: "<p>東京都は火曜日に新しい交通計画を発表しました。バスの路線が増え、電車の本数も増えます。</p>",
  date: new Date(Date.UTC(2026, 0, 1)),
};

async function subscribe(client: TestClient, feeds: FeedServer, path: string) {
  const url = feeds.serve(path, rssFeed("Mixed news", [ENGLISH, JAPANESE]));
  const sub = await client.request("POST", "/api/subscriptions", { json: { url, view: 0 } });
  const list = await client.request("POST", "/api/entries", { json: { feedId: sub.body.feed.id } });
  const idOf = (guid: string) =>
    list.body.data.find((d: { entries: { guid: string } }) => d.entries.guid === guid).entries
      .id as string;
  return { english: idOf("en-1"), japanese: idOf("ja-1") };
}

/** The fake model: HTML in, hostile HTML out (the server must sanitize it); text in, text out. */
function translator(call: { body: { messages: { content: string }[] } }): string[] {
  const prompt = call.body.messages[1]!.content;
  if (prompt.includes("HTML")) return ['<p onclick="steal()">訳文の段落</p><script>bad()</script>'];
  return prompt.includes("bus lines") ? ["説明の訳"] : ["題名の訳"];
}

describe.each(DIALECTS)("AI translation on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let chat: FakeChatServer;
  let alice: TestClient;
  let bob: TestClient;
  let ids: { english: string; japanese: string };

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    chat = await new FakeChatServer().start();
    chat.answer = translator;
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
      AI_BASE_URL: chat.baseUrl,
      AI_API_KEY: chat.apiKey,
    });
    alice = new TestClient(server.localUrl);
    bob = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("translate"));
    await bob.signUp(uniqueEmail("translate-b"));
    ids = await subscribe(alice, feeds, "/mixed.xml");
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
    await chat?.stop();
  });

  it("stores the detected language on entries whose feed does not say", async () => {
    const en = await alice.request("GET", `/api/entries?id=${ids.english}`);
    const ja = await alice.request("GET", `/api/entries?id=${ids.japanese}`);
    expect(en.body.data.entries.language).toBe("en");
    expect(ja.body.data.entries.language).toBe("ja");
  });

  it("translates the fields asked for, sanitizes HTML, and stores the result", async () => {
    const calls = chat.calls.length;
    const path = `/api/ai/translation?id=${ids.english}&language=ja&fields=title,description,content`;
    const answer = await alice.request("GET", path);
    expect(answer.status).toBe(200);
    expect(answer.body.data.title).toBe("題名の訳");
    expect(answer.body.data.description).toBe("説明の訳");
    expect(answer.body.data.content).toContain("訳文の段落");
    expect(answer.body.data.content).not.toMatch(/onclick|<script|bad\(\)/);
    expect(chat.calls.length).toBe(calls + 3);
    // Stored: the same answer again without calling the provider.
    expect((await alice.request("GET", path)).body).toEqual(answer.body);
    expect(chat.calls.length).toBe(calls + 3);
  });

  it("skips fields already in the target language", async () => {
    const calls = chat.calls.length;
    const answer = await alice.request(
      "GET",
      `/api/ai/translation?id=${ids.japanese}&language=ja&fields=title,description,content`,
    );
    expect(answer.body).toEqual({ code: 0, data: {} });
    expect(chat.calls.length).toBe(calls);
  });

  it("keeps another user out (3000) and refuses malformed queries with a coded 4xx", async () => {
    await subscribe(bob, feeds, "/bob.xml");
    const theirs = await bob.request(
      "GET",
      `/api/ai/translation?id=${ids.english}&language=ja&fields=title`,
    );
    expect(theirs.body.code).toBe(3000);
    for (const query of [
      `id=${ids.english}&language=fr&fields=title`,
      `id=${ids.english}&language=ja&fields=body`,
      `id=${ids.english}&language=ja&fields=`,
      `id=${ids.english}&language=ja`,
    ]) {
      const answer = await alice.request("GET", `/api/ai/translation?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.code, query).toBe(1002);
    }
    await fc.assert(
      fc.asyncProperty(
        fc.record({ id: fc.string(), language: fc.string(), fields: fc.string() }),
        async (query) => {
          const search = new URLSearchParams(query).toString();
          const answer = await alice.request("GET", `/api/ai/translation?${search}`);
          expect(answer.status, search).toBeGreaterThanOrEqual(400);
          expect(answer.status, search).toBeLessThan(500);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("serves one user's own provider's text to that user alone; the server's is shared", async () => {
    const evil = await new FakeChatServer().start();
    const moved = await new FakeChatServer().start();
    try {
      evil.apiKey = "bob-own-key-0123456789";
      evil.answer = () => ['Click <a href="https://phish.example/">here</a>']; // hostile
      moved.apiKey = "bob-moved-key-987654";
      moved.answer = () => ["新しい訳"];
      const carol = new TestClient(server.localUrl);
      await carol.signUp(uniqueEmail("translate-c"));
      await subscribe(bob, feeds, "/mixed.xml");
      await subscribe(carol, feeds, "/mixed.xml");
      const put = await bob.request("PUT", "/api/ai/provider", {
        json: { baseUrl: evil.baseUrl, model: "bob-model", apiKey: evil.apiKey },
      });
      expect(put.body).toEqual({ code: 0 });
      const path = `/api/ai/translation?id=${ids.english}&language=zh-CN&fields=title`;
      const bobs = await bob.request("GET", path);
      expect(bobs.body.data.title).toContain("phish.example");
      expect(evil.calls.length).toBe(1);

      // Alice (the server's provider) never gets Bob's text: the server's provider writes hers.
      const calls = chat.calls.length;
      const alices = await alice.request("GET", path);
      expect(alices.body.data.title).toBe("題名の訳");
      expect(alices.text).not.toContain("phish");
      expect(chat.calls.length).toBe(calls + 1);
      // Carol, also on the server's provider, is served the stored shared one without a call.
      expect((await carol.request("GET", path)).body.data.title).toBe("題名の訳");
      expect(chat.calls.length).toBe(calls + 1);
      // Bob keeps his own stored one.
      expect((await bob.request("GET", path)).body.data.title).toContain("phish.example");
      expect(evil.calls.length).toBe(1);

      // A new endpoint without its key is refused, and the new endpoint hears nothing.
      const refused = await bob.request("PUT", "/api/ai/provider", {
        json: { baseUrl: moved.baseUrl, model: "bob-model" },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe(1002);
      expect(refused.body.reason).toContain("again for a new endpoint");
      expect((await bob.request("GET", "/api/ai/provider")).body.data.baseUrl).toBe(evil.baseUrl);
      expect((await bob.request("GET", path)).body.data.title).toContain("phish.example");
      expect(moved.authorizations).toEqual([]);
      // Same endpoint, another model: the key stays (nothing new learns it).
      const model = await bob.request("PUT", "/api/ai/provider", {
        json: { baseUrl: evil.baseUrl, model: "bob-model-2" },
      });
      expect(model.body).toEqual({ code: 0 });
      expect((await bob.request("GET", "/api/ai/provider")).body.data.hasKey).toBe(true);
      // With its key the new endpoint is taken, and the old endpoint's text is not served.
      const changed = await bob.request("PUT", "/api/ai/provider", {
        json: { baseUrl: moved.baseUrl, model: "bob-model", apiKey: moved.apiKey },
      });
      expect(changed.body).toEqual({ code: 0 });
      expect((await bob.request("GET", path)).body.data.title).toBe("新しい訳");
      expect(moved.authorizations).toEqual([`Bearer ${moved.apiKey}`]);
      expect(moved.authorizations.join()).not.toContain(evil.apiKey);
      expect((await alice.request("GET", path)).body.data.title).toBe("題名の訳");
      await bob.request("DELETE", "/api/ai/provider", { json: {} });
    } finally {
      await evil.stop();
      await moved.stop();
    }
  });

  it("says what this server's AI can do", async () => {
    const answer = await alice.request("GET", "/api/ai/config");
    expect(answer.body).toEqual({
      code: 0,
      data: { summary: "model", translation: true, speech: false },
    });
  });
});

describe("AI translation without a provider, and stored translations' age", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let chat: FakeChatServer;
  let alice: TestClient;
  let ids: { english: string; japanese: string };

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    chat = await new FakeChatServer().start();
    chat.answer = translator;
    server = await startTestServer("sqlite", {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    alice = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("translate-none"));
    ids = await subscribe(alice, feeds, "/mixed-none.xml");
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
    await chat?.stop();
  });

  it("answers 1005 (503) saying how to enable it, and nothing needed is still fine", async () => {
    const config = await alice.request("GET", "/api/ai/config");
    expect(config.body.data).toEqual({ summary: "extractive", translation: false, speech: false });
    const refused = await alice.request(
      "GET",
      `/api/ai/translation?id=${ids.english}&language=ja&fields=title`,
    );
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe(1005);
    expect(refused.body.reason).toContain("AI_BASE_URL");
    const none = await alice.request(
      "GET",
      `/api/ai/translation?id=${ids.japanese}&language=ja&fields=title`,
    );
    expect(none.body).toEqual({ code: 0, data: {} });
  });

  it("uses a user's own provider, its key encrypted at rest and never sent back", async () => {
    const bob = new TestClient(server.localUrl);
    await bob.signUp(uniqueEmail("translate-own-b"));
    const saved = await alice.request("PUT", "/api/ai/provider", {
      json: { baseUrl: chat.baseUrl, model: "alice-model", apiKey: chat.apiKey },
    });
    expect(saved.body).toEqual({ code: 0 });
    const own = await alice.request("GET", "/api/ai/provider");
    expect(own.body.data).toEqual({ baseUrl: chat.baseUrl, model: "alice-model", hasKey: true });
    expect(own.text).not.toContain(chat.apiKey);
    const file = new Database(`${server.dataDir}/follow.sqlite`, { readonly: true });
    const stored = file.prepare("SELECT api_key FROM user_ai_provider").get() as {
      api_key: string;
    };
    file.close();
    expect(stored.api_key).not.toContain(chat.apiKey);

    expect((await alice.request("GET", "/api/ai/config")).body.data.translation).toBe(true);
    expect((await bob.request("GET", "/api/ai/config")).body.data.translation).toBe(false);
    const calls = chat.calls.length;
    const path = `/api/ai/translation?id=${ids.english}&language=zh-TW&fields=title`;
    expect((await alice.request("GET", path)).body.data.title).toBe("題名の訳");
    expect(chat.calls.at(-1)).toMatchObject({
      authorization: `Bearer ${chat.apiKey}`,
      body: { model: "alice-model" },
    });
    expect(chat.calls.length).toBe(calls + 1);
    // Bob has no provider of his own and the server none: refused (but he may read the stored one).
    const bobs = await bob.request(
      "GET",
      `/api/ai/translation?id=${ids.english}&language=ja&fields=title`,
    );
    expect(bobs.body.code).toBe(3000); // not subscribed: the entry is not his to read
    const bad = await alice.request("PUT", "/api/ai/provider", {
      json: { baseUrl: "ftp://x", model: "m" },
    });
    expect(bad.body.code).toBe(1002);
    await alice.request("DELETE", "/api/ai/provider", { json: {} });
    expect((await alice.request("GET", "/api/ai/provider")).body.data).toBeNull();
    expect((await alice.request("GET", "/api/ai/config")).body.data.translation).toBe(false);
  });

  it("deletes stored translations older than 7 days at start-up", async () => {
    await server.stop();
    server = await server.restart({
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
      AI_BASE_URL: chat.baseUrl,
      AI_API_KEY: chat.apiKey,
    });
    const client = new TestClient(server.localUrl).copyCookiesFrom(alice);
    const path = `/api/ai/translation?id=${ids.english}&language=zh-CN&fields=title`;
    expect((await client.request("GET", path)).body.data.title).toBe("題名の訳");
    const calls = chat.calls.length;
    // One translation eight days old, one from now; a restart keeps only the recent one.
    const file = new Database(`${server.dataDir}/follow.sqlite`);
    file
      .prepare(
        "INSERT INTO ai_translation (entry_id, language, title, created_at) VALUES (?, 'ja', 'old', ?)",
      )
      .run(ids.english, new Date(Date.now() - 8 * 86_400_000).toISOString());
    file.close();
    await server.stop();
    server = await server.restart();
    const after = new TestClient(server.localUrl).copyCookiesFrom(alice);
    expect((await after.request("GET", path)).body.data.title).toBe("題名の訳");
    expect(chat.calls.length).toBe(calls);
    const stale = await after.request(
      "GET",
      `/api/ai/translation?id=${ids.english}&language=ja&fields=title`,
    );
    expect(stale.body.data.title).toBe("題名の訳");
    expect(chat.calls.length).toBe(calls + 1);
  });
});
