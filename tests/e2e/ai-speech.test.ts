import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FakeSpeechServer, silentMp3 } from "../support/fake-speech-server.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage } from "./support/browser.ts";
import { openEntry, quickAdd, signUp, timelineIds } from "./support/reader.ts";

/** Reading aloud with the server's speech provider: its MP3 plays in the entry pane (Chromium). */
describe("server text-to-speech in the entry pane (Chromium)", () => {
  let feeds: FeedServer;
  let speech: FakeSpeechServer;
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    speech = await new FakeSpeechServer().start();
    // Ten seconds of silence: long enough to pause while it plays.
    speech.audio = () => silentMp3(400);
    feeds.serve(
      "/spoken.xml",
      rssFeed("Spoken", [
        {
          guid: "1",
          title: "Ferry terminal opens",
          html: "<p>The harbour authority opened a new ferry terminal on Friday.</p>",
          date: new Date(Date.now() - 3_600_000),
        },
      ]),
    );
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: inject("clientDistDir"),
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      AUTH_RATE_LIMIT_MAX: "1000",
      DAILY_REPORT_CHECK_SECONDS: "0",
      AI_SPEECH_BASE_URL: speech.baseUrl,
      AI_SPEECH_API_KEY: speech.apiKey,
    });
    browser = await launchBrowser();
    ({ context, page } = await openPage(browser));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
    await feeds?.stop();
    await speech?.stop();
  });

  it("plays the provider's audio of the entry, with pause and stop", async () => {
    await signUp(page, server.localUrl);
    await quickAdd(page, feeds.url("/spoken.xml"));
    await expect.poll(async () => (await timelineIds(page)).length).toBe(1);
    await openEntry(page, (await timelineIds(page))[0]!);
    const block = page.getByTestId("read-aloud");
    await expect.poll(() => block.getAttribute("data-source"), { timeout: 15_000 }).toBe("server");
    await page.getByTestId("read-aloud-play").click();
    await expect.poll(() => block.getAttribute("data-state"), { timeout: 15_000 }).toBe("playing");
    expect(speech.calls).toHaveLength(1);
    expect(speech.calls[0]!.body.input).toBe(
      "Ferry terminal opens. The harbour authority opened a new ferry terminal on Friday.",
    );
    // The audio element really advances through the stream.
    const audio = page.getByTestId("read-aloud-audio");
    await expect
      .poll(() => audio.evaluate((element) => (element as HTMLAudioElement).currentTime), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    await page.getByTestId("read-aloud-pause").click();
    await expect.poll(() => block.getAttribute("data-state")).toBe("paused");
    await page.getByTestId("read-aloud-stop").click();
    await expect.poll(() => block.getAttribute("data-state")).toBe("idle");
  });
});
