import { firstValueFrom } from "rxjs";
import { filter } from "rxjs/operators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inProgress$, latestPosition$ } from "../../src/queries/reading-positions.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient as HttpClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";
import {
  type Account,
  openTestClient,
  signIn,
  signUp,
  type TestClient,
} from "../support/sync/remote.ts";

/**
 * Reading positions as two devices of one person keep them: each saves its own through the
 * outbox, the server keeps one per entry, device and kind, and after a pull both offer the
 * newest of them.
 */
describe.each(DIALECTS)("reading positions on %s", (dialect) => {
  let server: TestServer;
  let site: FeedServer;
  let feedUrl: string;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    site = await new FeedServer().start();
    const base = Date.parse("2026-05-01T12:00:00Z");
    feedUrl = site.serve(
      "/long.xml",
      rssFeed(
        "Long reads",
        [0, 1].map((i) => ({
          guid: `long-${i}`,
          title: `Long read ${i}`,
          date: new Date(base - i * 3_600_000),
        })),
      ),
    );
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
  });
  afterAll(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await server?.close();
    await site?.stop();
  });

  const device = async (account: Account) => {
    const client = await openTestClient({ baseUrl: server.localUrl, account });
    clients.push(client);
    client.engine.start();
    return client;
  };

  const save = (
    client: TestClient,
    input: { entryId: string; deviceId: string; fraction?: number; seconds?: number },
    updatedAt: string,
  ) =>
    client.dispatch("readingPositions.save", {
      entryId: input.entryId,
      deviceId: input.deviceId,
      kind: input.seconds === undefined ? "article" : "audio",
      fraction: input.fraction ?? 0,
      quote: input.seconds === undefined ? "The quick brown fox" : "",
      seconds: input.seconds ?? 0,
      updatedAt,
    });

  it("two devices converge on the newest position, and a late older save loses", async () => {
    const email = uniqueEmail("positions");
    const laptop = await device(await signUp(server.localUrl, email));
    const phone = await device(await signIn(server.localUrl, email));
    await laptop.dispatch("subscriptions.subscribe", { url: feedUrl });
    await laptop.engine.drain();
    await phone.engine.pull({ entries: true });
    const rows = await laptop.db.query("SELECT id FROM entries ORDER BY published_at DESC");
    const entryId = String(rows[0]!.id);

    await save(laptop, { entryId, deviceId: "laptop", fraction: 0.3 }, "2026-06-01T10:00:00.000Z");
    await laptop.engine.drain();
    await phone.engine.pull();
    const seen = await firstValueFrom(
      latestPosition$(phone.db, entryId, "article").pipe(filter((p) => p !== null)),
    );
    expect(seen).toMatchObject({ deviceId: "laptop", fraction: 0.3, quote: "The quick brown fox" });

    // The phone reads further; the laptop then hears of it.
    await save(phone, { entryId, deviceId: "phone", fraction: 0.6 }, "2026-06-01T11:00:00.000Z");
    await phone.engine.drain();
    await laptop.engine.pull();
    const newest = await firstValueFrom(
      latestPosition$(laptop.db, entryId, "article").pipe(filter((p) => p?.deviceId === "phone")),
    );
    expect(newest?.fraction).toBe(0.6);
    const listed = await firstValueFrom(
      inProgress$(laptop.db).pipe(filter((items) => items.length > 0)),
    );
    expect(listed).toEqual([expect.objectContaining({ entryId, fraction: 0.6 })]);

    // An older save of the laptop's, replayed late, does not move its stored position back.
    await save(laptop, { entryId, deviceId: "laptop", fraction: 0.9 }, "2026-06-01T12:00:00.000Z");
    await save(laptop, { entryId, deviceId: "laptop", fraction: 0.1 }, "2026-06-01T09:00:00.000Z");
    await laptop.engine.drain();
    await phone.engine.pull();
    const both = await phone.db.query(
      "SELECT device_id, fraction FROM reading_positions WHERE kind = 'article' ORDER BY device_id",
    );
    expect(both).toEqual([
      { device_id: "laptop", fraction: 0.9 },
      { device_id: "phone", fraction: 0.6 },
    ]);

    // An episode's time is kept apart from the article's position.
    await save(phone, { entryId, deviceId: "phone", seconds: 754.5 }, "2026-06-01T13:00:00.000Z");
    await phone.engine.drain();
    await laptop.engine.pull();
    const audio = await firstValueFrom(
      latestPosition$(laptop.db, entryId, "audio").pipe(filter((p) => p !== null)),
    );
    expect(audio).toMatchObject({ deviceId: "phone", seconds: 754.5 });
    expect(laptop.rejections).toEqual([]);
    expect(phone.rejections).toEqual([]);
  });

  it("refuses a position on an entry the person cannot see", async () => {
    const alice = new HttpClient(server.localUrl);
    const bob = new HttpClient(server.localUrl);
    await alice.signUp(uniqueEmail("alice-positions"));
    await bob.signUp(uniqueEmail("bob-positions"));
    const sub = await alice.request("POST", "/api/subscriptions", {
      json: { url: feedUrl, view: 0 },
    });
    expect(sub.status).toBe(200);
    const list = await alice.request("POST", "/api/entries", {
      json: { feedId: sub.body.feed.id },
    });
    const entryId = (list.body.data as { entries: { id: string } }[])[0]!.entries.id;
    const position = {
      entryId,
      deviceId: "desk",
      kind: "article",
      fraction: 0.5,
      quote: "Long read",
      seconds: 0,
      updatedAt: "2026-06-01T10:00:00.000Z",
    };
    const refused = await bob.request("PUT", "/api/reading-positions", { json: position });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe(3000);
    const saved = await alice.request("PUT", "/api/reading-positions", { json: position });
    expect(saved.status).toBe(200);
    const mine = await alice.request("GET", "/api/reading-positions");
    expect(mine.body.data).toEqual([position]);
    const theirs = await bob.request("GET", "/api/reading-positions");
    expect(theirs.body.data).toEqual([]);
    const bad = await alice.request("PUT", "/api/reading-positions", {
      json: { ...position, fraction: 2 },
    });
    expect(bad.status).toBe(400);
  });
});
