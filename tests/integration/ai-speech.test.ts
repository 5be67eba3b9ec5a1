import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeSpeechServer, fakeAudio } from "../support/fake-speech-server.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const SHORT = "<p>The tram line opens on Monday. Riders pay nothing in the first week.</p>";
/** About 11,700 characters of sentences: three calls of at most 4,096 each. */
const LONG = `<p>${Array.from(
  { length: 220 },
  (_, i) => `Sentence number ${i + 1} of the long report goes here.`,
).join(" ")}</p>`;

describe.each(DIALECTS)("text-to-speech by the server's provider on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let speech: FakeSpeechServer;
  let alice: TestClient;
  let bob: TestClient;
  let ids: { short: string; long: string };

  /** The audio bytes of a GET, as the browser's <audio> element would read them. */
  async function audioOf(client: TestClient, query: string) {
    const response = await fetch(`${server.localUrl}/api/ai/speech?${query}`, {
      headers: { cookie: client.cookieHeader() },
    });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    speech = await new FakeSpeechServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
      DAILY_REPORT_CHECK_SECONDS: "0",
      AI_SPEECH_BASE_URL: speech.baseUrl,
      AI_SPEECH_API_KEY: speech.apiKey,
      AI_SPEECH_MODEL: "tts-test",
      AI_SPEECH_VOICE: "nova",
      // Room for two short entries' audio (36 bytes each here), not three, nor the long one's.
      AI_SPEECH_CACHE_BYTES: "100",
    });
    alice = new TestClient(server.localUrl);
    bob = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("speech-alice"));
    await bob.signUp(uniqueEmail("speech-bob"));
    const url = feeds.serve(
      "/speech.xml",
      rssFeed("Speech feed", [
        { guid: "s", title: "Tram opens", html: SHORT, date: new Date(Date.UTC(2026, 0, 2)) },
        { guid: "l", title: "Long report", html: LONG, date: new Date(Date.UTC(2026, 0, 1)) },
      ]),
    );
    const sub = await alice.request("POST", "/api/subscriptions", { json: { url, view: 0 } });
    const list = await alice.request("POST", "/api/entries", {
      json: { feedId: sub.body.feed.id },
    });
    const byTitle = (title: string) =>
      list.body.data.find((d: { entries: { title: string } }) => d.entries.title === title).entries
        .id as string;
    ids = { short: byTitle("Tram opens"), long: byTitle("Long report") };
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
    await speech?.stop();
  });

  it("says the server reads aloud", async () => {
    const config = await alice.request("GET", "/api/ai/config");
    expect(config.body.data.speech).toBe(true);
  });

  it("streams the provider's audio of the entry's title and text", async () => {
    const { response, bytes } = await audioOf(alice, `id=${ids.short}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/mpeg");
    const call = speech.calls.at(-1)!;
    expect(call.authorization).toBe(`Bearer ${speech.apiKey}`);
    expect(call.body).toEqual({
      model: "tts-test",
      voice: "nova",
      response_format: "mp3",
      input: "Tram opens. The tram line opens on Monday. Riders pay nothing in the first week.",
    });
    expect(bytes.equals(fakeAudio(call.body.input, "nova"))).toBe(true);
    // A voice asked for is the one used.
    const before = speech.calls.length;
    const voiced = await audioOf(alice, `id=${ids.short}&voice=alloy`);
    expect(speech.calls[before]!.body.voice).toBe("alloy");
    expect(voiced.bytes.equals(fakeAudio(call.body.input, "alloy"))).toBe(true);
  });

  it("reads a long entry in pieces under the provider's input limit, in order", async () => {
    const before = speech.calls.length;
    const { response, bytes } = await audioOf(alice, `id=${ids.long}`);
    expect(response.status).toBe(200);
    const calls = speech.calls.slice(before);
    expect(calls.length).toBe(3);
    for (const call of calls) {
      expect(call.body.input.length).toBeLessThanOrEqual(4096);
      // Cut at sentence ends.
      expect(call.body.input).toMatch(/\.$/);
    }
    expect(calls.map((c) => c.body.input).join(" ")).toBe(`Long report. ${LONG.slice(3, -4)}`);
    const expected = Buffer.concat(calls.map((c) => fakeAudio(c.body.input, "nova")));
    expect(bytes.equals(expected)).toBe(true);
  });

  it("replays an entry from its disk cache, evicting the least recently played past the cap", async () => {
    const calls = () => speech.calls.length;
    let before = calls();
    // Played with nova, then alloy, above: both cached.
    const replay = await audioOf(alice, `id=${ids.short}`);
    expect(replay.response.status).toBe(200);
    expect(replay.response.headers.get("content-type")).toBe("audio/mpeg");
    expect(replay.bytes.equals(fakeAudio(speech.calls[0]!.body.input, "nova"))).toBe(true);
    expect(calls()).toBe(before);
    // Larger than the whole cache: read by the provider each time.
    await audioOf(alice, `id=${ids.long}`);
    expect(calls()).toBe(before + 3);
    // A third voice overflows the cap: alloy, least recently played, goes; nova stays.
    before = calls();
    await audioOf(alice, `id=${ids.short}&voice=shimmer`);
    expect(calls()).toBe(before + 1);
    await audioOf(alice, `id=${ids.short}`);
    expect(calls()).toBe(before + 1);
    const alloy = await audioOf(alice, `id=${ids.short}&voice=alloy`);
    expect(calls()).toBe(before + 2);
    expect(alloy.bytes.equals(fakeAudio(speech.calls[0]!.body.input, "alloy"))).toBe(true);
  });

  it("answers a provider failure with a coded error, not broken audio", async () => {
    speech.failures.push(500);
    // A voice never played: not in the cache.
    const { response, bytes } = await audioOf(alice, `id=${ids.short}&voice=echo`);
    expect(response.status).toBe(502);
    expect(JSON.parse(bytes.toString("utf8")).code).toBe(1005);
  });

  it("reads only entries the user can see, and refuses malformed queries", async () => {
    const before = speech.calls.length;
    const { response, bytes } = await audioOf(bob, `id=${ids.short}`);
    expect(JSON.parse(bytes.toString("utf8")).code).toBe(3000);
    expect(response.status).toBe(404);
    expect(speech.calls.length).toBe(before);
    for (const query of [
      "",
      "id=abc",
      `id=${ids.short}&voice=${"v".repeat(80)}`,
      `id=${ids.short}&voice=a%20b`,
    ]) {
      const answer = await alice.request("GET", `/api/ai/speech?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.code, query).toBe(1002);
    }
    await fc.assert(
      fc.asyncProperty(fc.record({ id: fc.string(), voice: fc.string() }), async (query) => {
        const answer = await alice.request("GET", `/api/ai/speech?${new URLSearchParams(query)}`);
        expect(answer.status).toBeLessThan(500);
        expect(answer.body.code).toBe(1002);
      }),
      { numRuns: 40 },
    );
    expect(speech.calls.length).toBe(before);
    const anonymous = new TestClient(server.localUrl);
    expect((await anonymous.request("GET", `/api/ai/speech?id=${ids.short}`)).status).toBe(401);
  });
});

describe("text-to-speech without a provider", () => {
  let server: TestServer;
  let alice: TestClient;
  beforeAll(async () => {
    server = await startTestServer("sqlite", { DAILY_REPORT_CHECK_SECONDS: "0" });
    alice = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("speech-none"));
  });
  afterAll(async () => {
    await server?.close();
  });

  it("leaves reading aloud to the browser", async () => {
    expect((await alice.request("GET", "/api/ai/config")).body.data.speech).toBe(false);
    const answer = await alice.request("GET", "/api/ai/speech?id=1234567890123");
    expect(answer.status).toBe(503);
    expect(answer.body.code).toBe(1005);
  });
});
