import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FeedServer, rssFeed } from "../support/feed-server.ts";
import type { TestServer } from "../support/server.ts";
import { openEntry, quickAdd, signUp, timelineIds } from "./support/reader.ts";
import { type ReaderWorld, startReaderWorld } from "./support/world.ts";

const TEXT = Array.from(
  { length: 12 },
  (_, i) => `<p>Sentence ${i + 1}: the tram line opens on Monday and riders pay nothing.</p>`,
).join("");

describe("listening with the server's local engine (Chromium, real espeak-ng)", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let page: Page;
  let world: ReaderWorld;

  beforeAll(async () => {
    world = await startReaderWorld(
      (feeds) => {
        feeds.serve(
          "/tram.xml",
          rssFeed("Tram news", [{ guid: "t", title: "Tram opens", date: new Date(), html: TEXT }]),
        );
      },
      { AI_SPEECH_LOCAL: "espeak-ng" },
    );
    ({ server, feeds, page } = world);
    await signUp(page, server.localUrl);
  });
  afterAll(() => world?.close());

  it("plays the entry in the corner player and remembers where listening stopped", async () => {
    await quickAdd(page, feeds.url("/tram.xml"));
    await expect.poll(async () => (await timelineIds(page)).length, { timeout: 20_000 }).toBe(1);
    const [entryId] = await timelineIds(page);
    await openEntry(page, entryId!);
    await page.getByTestId("read-aloud-listen").click();
    const corner = page.getByTestId("corner-player");
    await corner.waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("player-title").textContent()).toBe("Tram opens");
    // The WAV states its length: the player knows the duration.
    await expect
      .poll(() => page.getByTestId("player-duration").textContent(), { timeout: 20_000 })
      .not.toBe("0:00");
    await page.getByTestId("player-seek-forward").click();
    await page.getByTestId("player-seek-forward").click();
    if ((await corner.getAttribute("data-status")) !== "paused")
      await page.getByTestId("player-toggle").click();
    await expect.poll(() => corner.getAttribute("data-status")).toBe("paused");
    const stored = async () =>
      (await (await page.request.get(`${server.localUrl}/api/reading-positions`)).json()).data;
    await expect
      .poll(stored, { timeout: 20_000 })
      .toEqual([expect.objectContaining({ entryId, kind: "audio", seconds: expect.any(Number) })]);
    const [audio] = await stored();
    expect(audio.seconds).toBeGreaterThanOrEqual(9);
  });
});
