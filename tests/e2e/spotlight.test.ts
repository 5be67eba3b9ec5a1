import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rssFeed } from "../support/feed-server.ts";
import type { TestServer } from "../support/server.ts";
import { openEntry, quickAdd, signUp, timelineIds, waitForSynced } from "./support/reader.ts";
import { type ReaderWorld, startReaderWorld } from "./support/world.ts";

/** Keyword spotlight: keywords set in Settings › General, marked in titles and entry text. */
describe("keyword spotlight (Chromium)", () => {
  let world: ReaderWorld;
  let server: TestServer;
  let page: Page;

  beforeAll(async () => {
    world = await startReaderWorld((feeds) => {
      feeds.serve(
        "/spot.xml",
        rssFeed("Spot Feed", [
          {
            guid: "spot-1",
            title: "RUST 2.0 lands",
            date: new Date(Date.now() - 60_000),
            html: '<p>The <b>Rust</b> team says rust is <a href="https://example.com/">rusty</a> no more.</p>',
          },
        ]),
      );
    });
    ({ server, page } = world);
    await signUp(page, server.localUrl);
  });
  afterAll(() => world?.close());

  const marks = (scope: string) =>
    page
      .locator(`[data-testid="${scope}"] [data-testid="spotlight-mark"]`)
      .evaluateAll((found) =>
        found.map((mark) => [
          mark.textContent,
          mark.className.match(/spotlight-(yellow|green|blue|pink|purple)/)?.[1],
          getComputedStyle(mark).backgroundColor !== "rgba(0, 0, 0, 0)",
        ]),
      );

  it("marks a word and a pattern in their colours in the timeline and the entry, kept after a reload", async () => {
    const feedId = await quickAdd(page, world.feeds.url("/spot.xml"));
    const timelineUrl = `${server.localUrl}/timeline/view-0/${feedId}/pending`;

    await page.goto(`${server.localUrl}/settings/general`);
    const setting = page.getByTestId("spotlight-setting");
    await setting.waitFor({ timeout: 20_000 });
    await setting.getByTestId("spotlight-pattern").fill("rust");
    await setting.getByTestId("spotlight-color-green").click();
    await setting.getByTestId("spotlight-add").click();
    // A pattern RE2 refuses cannot be added; one it accepts can.
    await setting.getByTestId("spotlight-regex").check();
    await setting.getByTestId("spotlight-pattern").fill("(a)\\1");
    await setting.getByTestId("spotlight-problem").waitFor();
    expect(await setting.getByTestId("spotlight-add").isDisabled()).toBe(true);
    await setting.getByTestId("spotlight-pattern").fill("\\d+\\.\\d+");
    await setting.getByTestId("spotlight-color-purple").click();
    await setting.getByTestId("spotlight-add").click();
    await expect.poll(() => setting.getByTestId("spotlight-keyword").count()).toBe(2);

    await page.goto(timelineUrl);
    await expect.poll(async () => (await timelineIds(page)).length, { timeout: 20_000 }).toBe(1);
    await expect
      .poll(() => marks("timeline-item"), { timeout: 20_000 })
      .toEqual([
        ["RUST", "green", true],
        ["2.0", "purple", true],
      ]);

    const [id] = await timelineIds(page);
    await openEntry(page, id!);
    const inContent = [
      ["Rust", "green", true],
      ["rust", "green", true],
      ["rust", "green", true],
    ];
    await expect.poll(() => marks("entry-content")).toEqual(inContent);
    // Marks wrap text only: the bold word and the link are still there around them.
    expect(await page.getByTestId("entry-content").locator("b > mark").count()).toBe(1);
    expect(await page.getByTestId("entry-content").locator("a > mark").textContent()).toBe("rust");

    await waitForSynced(page);
    const stored = await page.evaluate(async () => {
      const response = await fetch("/api/settings", { credentials: "include" });
      const body = (await response.json()) as { settings: { general?: { spotlight?: unknown } } };
      return body.settings.general?.spotlight;
    });
    expect(stored).toEqual([
      { pattern: "rust", color: "green", isRegex: false },
      { pattern: "\\d+\\.\\d+", color: "purple", isRegex: true },
    ]);

    await page.reload();
    await expect.poll(() => marks("entry-content"), { timeout: 20_000 }).toEqual(inContent);
    expect(await marks("entry-title")).toEqual([
      ["RUST", "green", true],
      ["2.0", "purple", true],
    ]);
  });
});
