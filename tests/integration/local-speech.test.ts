import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

const TEXT = "<p>The tram line opens on Monday. Riders pay nothing in the first week.</p>";

/**
 * Entries read aloud by the server's own engine (Debian's espeak-ng, a real process) when no
 * speech endpoint is configured, and a clear coded refusal when there is no engine at all.
 */
describe("text-to-speech by the local engine", () => {
  let feeds: FeedServer;
  let url: string;
  const servers: TestServer[] = [];

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    url = feeds.serve(
      "/speech.xml",
      rssFeed("Speech feed", [{ guid: "s", title: "Tram opens", html: TEXT, date: new Date() }]),
    );
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await feeds?.stop();
  });

  /** A server with `env`, a reader following the feed and someone who does not; the entry. */
  async function world(env: Record<string, string>) {
    const server = await startTestServer("sqlite", {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
      ...env,
    });
    servers.push(server);
    const alice = new TestClient(server.localUrl);
    const bob = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("local-speech-alice"));
    await bob.signUp(uniqueEmail("local-speech-bob"));
    const sub = await alice.request("POST", "/api/subscriptions", { json: { url, view: 0 } });
    const list = await alice.request("POST", "/api/entries", {
      json: { feedId: sub.body.feed.id },
    });
    const entryId = list.body.data[0].entries.id as string;
    const audio = async (client: TestClient, query = `id=${entryId}`) => {
      const response = await fetch(`${server.localUrl}/api/ai/speech?${query}`, {
        headers: { cookie: client.cookieHeader() },
      });
      return { response, bytes: Buffer.from(await response.arrayBuffer()) };
    };
    return { server, alice, bob, entryId, audio };
  }

  it("reads with espeak-ng: a WAV of the entry's text, sized truly, cached per voice", async () => {
    const { alice, entryId, audio } = await world({ AI_SPEECH_LOCAL: "espeak-ng" });
    expect((await alice.request("GET", "/api/ai/config")).body.data.speech).toBe(true);
    const first = await audio(alice);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get("content-type")).toBe("audio/wav");
    expect(first.bytes.toString("ascii", 0, 4)).toBe("RIFF");
    expect(first.bytes.toString("ascii", 8, 12)).toBe("WAVE");
    // The header states the length the body has (a player can then tell the duration).
    expect(first.bytes.readUInt32LE(4)).toBe(first.bytes.length - 8);
    // Two sentences of speech: well over a second of 16-bit audio.
    expect(first.bytes.length).toBeGreaterThan(44_100);

    const again = await audio(alice);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    // Served by range, so a player can seek (and resume) in it.
    const part = await fetch(`${alice.baseUrl}/api/ai/speech?id=${entryId}`, {
      headers: { cookie: alice.cookieHeader(), range: "bytes=100-199" },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${first.bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(first.bytes.subarray(100, 200))).toBe(true);

    const otherVoice = await audio(alice, `id=${entryId}&voice=en-us`);
    expect(otherVoice.response.status).toBe(200);
    expect(otherVoice.bytes.equals(first.bytes)).toBe(false);
  });

  it("refuses an entry the person cannot see", async () => {
    const { bob, audio } = await world({ AI_SPEECH_LOCAL: "espeak-ng" });
    const refused = await audio(bob);
    expect(refused.response.status).toBe(404);
    expect(JSON.parse(refused.bytes.toString("utf8")).code).toBe(3000);
  });

  it("says so with a coded 503 when no engine is there", async () => {
    const { alice, audio } = await world({ AI_SPEECH_LOCAL: "/nonexistent/espeak-ng" });
    expect((await alice.request("GET", "/api/ai/config")).body.data.speech).toBe(false);
    const refused = await audio(alice);
    expect(refused.response.status).toBe(503);
    const body = JSON.parse(refused.bytes.toString("utf8"));
    expect(body.code).toBe(1005);
    expect(body.reason).toContain("espeak-ng");
  });
});
