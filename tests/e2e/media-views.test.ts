import { deflateSync } from "node:zlib";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedServer } from "../support/feed-server.ts";
import { quickAdd, signUp, timelineIds } from "./support/reader.ts";
import { type ReaderWorld, startReaderWorld } from "./support/world.ts";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A one-colour PNG of the given size: the pictures' real ratios are what the tiles must keep. */
function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x90)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Silence as 8 kHz 8-bit mono WAV: media Chromium really plays, so the player reaches "playing". */
function wav(seconds: number): Buffer {
  const samples = 8000 * seconds;
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(36 + samples, 4);
  header.write("WAVEfmt ", 8, "latin1");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write("data", 36, "latin1");
  header.writeUInt32LE(samples, 40);
  return Buffer.concat([header, Buffer.alloc(samples, 0x80)]);
}

function serveBinary(feeds: FeedServer, path: string, type: string, body: Buffer): string {
  return feeds.route(path, (_request, response) => {
    response.writeHead(200, { "content-type": type, "content-length": body.length }).end(body);
  });
}

function rss(title: string, channelExtra: string, items: string[]): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>${title}</title><link>https://example.com/${encodeURIComponent(title)}</link><description>${title}</description>${channelExtra}
${items.join("\n")}</channel></rss>`;
}

function item(guid: string, title: string, hoursAgo: number, extra: string): string {
  const date = new Date(Date.now() - hoursAgo * 3_600_000).toUTCString();
  return `<item><guid>${guid}</guid><title>${title}</title><link>https://example.com/${guid}</link><pubDate>${date}</pubDate><description>${title} text</description>${extra}</item>`;
}

/** Pictures at their ratio, the lightbox, Social's pictures, podcast artwork and per-episode play. */
describe("media views (Chromium, real server)", () => {
  let world: ReaderWorld;
  let page: Page;
  const urls: Record<string, string> = {};
  const images: Record<string, string> = {};

  beforeAll(async () => {
    world = await startReaderWorld((feeds) => {
      images.wide = serveBinary(feeds, "/img/wide.png", "image/png", png(400, 200));
      images.second = serveBinary(feeds, "/img/second.png", "image/png", png(200, 200));
      images.third = serveBinary(feeds, "/img/third.png", "image/png", png(300, 200));
      images.tall = serveBinary(feeds, "/img/tall.png", "image/png", png(150, 300));
      // The wide picture's size is not in the feed: the tile learns it from the picture.
      urls.pictures = feeds.serve(
        "/pictures.xml",
        rss("Pictures", "", [
          item(
            "wide",
            "Wide one",
            1,
            `<media:content url="${images.wide}" medium="image"/><media:content url="${images.second}" medium="image"/><media:content url="${images.third}" medium="image"/>`,
          ),
          item(
            "tall",
            "Tall one",
            2,
            `<media:content url="${images.tall}" medium="image" width="150" height="300"/>`,
          ),
        ]),
      );
      const social = Array.from(
        { length: 6 },
        (_, i) =>
          `<media:content url="${serveBinary(feeds, `/img/post-${i + 1}.png`, "image/png", png(120, 90))}" medium="image"/>`,
      ).join("");
      urls.social = feeds.serve(
        "/social.xml",
        rss("Social", "", [
          item("post", "Six pictures", 1, `<dc:creator>ana</dc:creator>${social}`),
        ]),
      );
      images.show = serveBinary(feeds, "/img/show.png", "image/png", png(64, 64));
      images.episode = serveBinary(feeds, "/img/episode-one.png", "image/png", png(64, 64));
      const sound = serveBinary(feeds, "/audio/same.wav", "audio/wav", wav(30));
      const enclosure = `<enclosure url="${sound}" type="audio/wav" length="240044"/>`;
      urls.podcast = feeds.serve(
        "/podcast.xml",
        rss("Podcast", `<itunes:image href="${images.show}"/>`, [
          item("ep-1", "Episode one", 1, `${enclosure}<itunes:image href="${images.episode}"/>`),
          item("ep-2", "Episode two", 2, enclosure),
        ]),
      );
    });
    page = world.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUp(page, world.server.localUrl);
  });
  afterAll(() => world?.close());

  const tile = (title: string) =>
    page.getByTestId("timeline-item").filter({ has: page.getByRole("link", { name: title }) });
  const ratioOf = (title: string) =>
    tile(title)
      .getByTestId("picture-image")
      .evaluate((image: HTMLImageElement) =>
        image.complete && image.naturalWidth > 0
          ? Math.round((image.clientWidth / image.clientHeight) * 10) / 10
          : 0,
      );

  it("Pictures: square by default, each picture's own ratio with thumbnailRatio original", async () => {
    await quickAdd(page, urls.pictures!, { view: 2 });
    await expect.poll(async () => (await timelineIds(page)).length).toBe(2);
    await expect.poll(() => ratioOf("Wide one"), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => ratioOf("Tall one")).toBe(1);

    await page.goto(`${world.server.localUrl}/settings/appearance`);
    await page.locator('label:has([data-testid="thumbnail-ratio-original"])').click();
    await expect.poll(() => page.getByTestId("thumbnail-ratio-original").isChecked()).toBe(true);
    await page.goBack();
    // The tall picture's size came with the feed; the wide one's from the picture itself.
    await expect.poll(() => ratioOf("Tall one"), { timeout: 15_000 }).toBe(0.5);
    await expect.poll(() => ratioOf("Wide one"), { timeout: 15_000 }).toBe(2);
    // The masonry measured the tiles as they are: none overlaps the next in its lane.
    const boxes = await page.getByTestId("timeline-item").evaluateAll((items) =>
      items.map((item) => {
        const rect = item.getBoundingClientRect();
        return { left: rect.left, top: rect.top, bottom: rect.bottom };
      }),
    );
    for (const a of boxes) {
      for (const b of boxes) {
        if (a !== b && Math.abs(a.left - b.left) < 1 && a.top < b.top) {
          expect(a.bottom).toBeLessThanOrEqual(b.top + 1);
        }
      }
    }
  });

  it("the lightbox opens a picture full size, moves with ← →, closes on Escape and gives focus back", async () => {
    const open = tile("Wide one").getByTestId("picture-lightbox");
    await open.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByTestId("lightbox");
    await dialog.waitFor();
    const image = dialog.getByTestId("lightbox-image");
    const shown = async () => [
      await image.getAttribute("src"),
      await dialog.getByTestId("lightbox-position").textContent(),
    ];
    expect(await shown()).toEqual([images.wide, "1 of 3"]);
    expect(await image.getAttribute("alt")).toContain("Wide one");
    await page.keyboard.press("ArrowRight");
    await expect.poll(shown).toEqual([images.second, "2 of 3"]);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect.poll(shown).toEqual([images.third, "3 of 3"]);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(shown).toEqual([images.second, "2 of 3"]);
    // Tab stays within the lightbox.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Tab");
      expect(
        await page.evaluate(() =>
          Boolean(
            document.querySelector("[data-testid=lightbox]")?.contains(document.activeElement),
          ),
        ),
      ).toBe(true);
    }
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid")))
      .toBe("picture-lightbox");
    // The tile itself still opens the entry, whose pictures open the lightbox too.
    await tile("Wide one").getByTestId("entry-link").click();
    const pictures = page.getByTestId("entry-picture");
    await expect.poll(() => pictures.count()).toBe(3);
    await pictures.nth(2).click();
    await expect.poll(shown).toEqual([images.third, "3 of 3"]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  });

  it("Social: a post's pictures show in the list, four at most with +N, and open the lightbox", async () => {
    await quickAdd(page, urls.social!, { view: 1 });
    await expect.poll(async () => (await timelineIds(page)).length).toBe(1);
    const row = page.getByTestId("social-row");
    await expect.poll(() => row.getByTestId("social-picture").count()).toBe(4);
    expect(await row.getByTestId("social-more").textContent()).toBe("+2");
    await row.getByTestId("social-picture").nth(1).click();
    const dialog = page.getByTestId("lightbox");
    await dialog.waitFor();
    expect(await dialog.getByTestId("lightbox-position").textContent()).toBe("2 of 6");
    await page.keyboard.press("End");
    await expect.poll(() => dialog.getByTestId("lightbox-position").textContent()).toBe("6 of 6");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  });

  it("Audios: episode artwork, and of two episodes sharing one URL only the playing one shows pause", async () => {
    await quickAdd(page, urls.podcast!, { view: 4 });
    await expect.poll(async () => (await timelineIds(page)).length).toBe(2);
    const one = page.getByTestId("audio-row").filter({ hasText: "Episode one" });
    const two = page.getByTestId("audio-row").filter({ hasText: "Episode two" });
    await expect
      .poll(() => one.getByTestId("audio-artwork").getAttribute("src"))
      .toBe(images.episode);
    // The second episode has no image of its own: not the first one's (the show's, or initials).
    const second = two.getByTestId("audio-artwork");
    if ((await second.count()) > 0)
      expect(await second.getAttribute("src")).not.toBe(images.episode);

    const pressed = async () => [
      await one.getByTestId("audio-play").getAttribute("aria-pressed"),
      await two.getByTestId("audio-play").getAttribute("aria-pressed"),
    ];
    await one.getByTestId("audio-play").click();
    await expect
      .poll(() => page.evaluate(() => window.__followPlayer?.getState().status), {
        timeout: 15_000,
      })
      .toBe("playing");
    expect(await pressed()).toEqual(["true", "false"]);
    await two.getByTestId("audio-play").click();
    await expect
      .poll(() => page.evaluate(() => window.__followPlayer?.getState().title))
      .toBe("Episode two");
    await expect.poll(pressed).toEqual(["false", "true"]);
    await two.getByTestId("audio-play").click();
    await expect.poll(pressed).toEqual(["false", "false"]);
  });
});
