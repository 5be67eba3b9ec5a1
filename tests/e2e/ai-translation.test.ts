import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FakeChatServer } from "../support/fake-chat-server.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage } from "./support/browser.ts";
import { openEntry, quickAdd, signUp, timelineIds } from "./support/reader.ts";

const TITLE = "東京都は新しい交通計画を発表しました";
const ARTICLE =
  "<p>東京都は火曜日に新しい交通計画を発表しました。</p><p>バスの路線が増え、電車の本数も増えます。</p>";

/** The fake model: English for a Japanese entry, one block per block of the original. */
function translator(call: { body: { messages: { content: string }[] } }): string[] {
  const prompt = call.body.messages[1]!.content;
  if (prompt.includes("HTML"))
    return [
      "<p>Tokyo announced a new transport plan on Tuesday.</p>",
      "<p>More buses and trains will run.</p>",
    ];
  return prompt.includes(TITLE) && !prompt.includes("バス")
    ? ["Tokyo announces a new transport plan"]
    : ["Tokyo announced a new transport plan; more buses and trains."];
}

/** Translating an entry in the entry pane (Chromium), with and without a provider. */
describe("AI translation in the entry pane (Chromium)", () => {
  let feeds: FeedServer;
  let chat: FakeChatServer;
  let browser: Browser;
  const servers: TestServer[] = [];
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    chat = await new FakeChatServer().start();
    chat.answer = translator;
    feeds.serve(
      "/tokyo.xml",
      rssFeed("Tokyo", [
        { guid: "t-1", title: TITLE, html: ARTICLE, date: new Date(Date.now() - 3_600_000) },
      ]),
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    for (const server of servers) await server.close();
    await feeds?.stop();
    await chat?.stop();
  });

  async function readerOn(env: Record<string, string>): Promise<Page> {
    const server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: inject("clientDistDir"),
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      AUTH_RATE_LIMIT_MAX: "1000",
      ...env,
    });
    servers.push(server);
    const { context, page } = await openPage(browser);
    contexts.push(context);
    await signUp(page, server.localUrl);
    await quickAdd(page, feeds.url("/tokyo.xml"));
    await expect.poll(async () => (await timelineIds(page)).length).toBe(1);
    await openEntry(page, (await timelineIds(page))[0]!);
    return page;
  }

  it("shows the translation block by block (bilingual), then in place of the original", async () => {
    const page = await readerOn({ AI_BASE_URL: chat.baseUrl, AI_API_KEY: chat.apiKey });
    await page.getByTestId("entry-translate").click();
    const bar = page.getByTestId("translation-bar");
    await expect.poll(() => bar.getAttribute("data-state"), { timeout: 20_000 }).toBe("done");
    expect(await page.getByTestId("entry-title-translation").textContent()).toBe(
      "Tokyo announces a new transport plan",
    );
    const blocks = page.locator(".entry-content .entry-translation");
    expect(await blocks.count()).toBe(2);
    expect(await blocks.nth(0).textContent()).toBe(
      "Tokyo announced a new transport plan on Tuesday.",
    );
    // The original stays, each paragraph before its translation.
    const content = (await page.locator(".entry-content").textContent()) ?? "";
    expect(content.indexOf("東京都は火曜日")).toBeLessThan(content.indexOf("Tokyo announced"));
    expect(content.indexOf("Tokyo announced")).toBeLessThan(content.indexOf("バスの路線"));

    // Translation only: the translated title heads the entry and the original text is gone.
    await page.getByTestId("entry-translate").click();
    await expect.poll(() => bar.getAttribute("data-state")).toBe("off");
    const calls = chat.calls.length;
    await page.goto(new URL("/settings/general", page.url()).href);
    await page.locator('label:has([data-testid="ai-translation-mode-translation"])').click();
    await page.getByTestId("ai-translation").check();
    // Read entries stay in the timeline (the opened one is read by now).
    await page.getByTestId("unread-only").uncheck();
    await expect
      .poll(() => page.getByTestId("ai-translation-mode-translation").isChecked())
      .toBe(true);
    await page.goBack();
    await page.getByTestId("entry-view").waitFor();
    // The translation setting is on now: entries open translated, no click needed.
    await expect.poll(() => bar.getAttribute("data-state")).toBe("done");
    expect(await bar.getAttribute("data-mode")).toBe("translation");
    await expect
      .poll(() => page.getByTestId("entry-title").textContent())
      .toBe("Tokyo announces a new transport plan");
    const only = (await page.locator(".entry-content").textContent()) ?? "";
    expect(only).toContain("More buses and trains will run.");
    expect(only).not.toContain("東京都は火曜日");
    // Stored in follow.db and on the server: nothing asked of the model again.
    expect(chat.calls.length).toBe(calls);
    // With translation on, the timeline shows the translated title too.
    await expect
      .poll(() => page.getByTestId("timeline-item").first().textContent())
      .toContain("Tokyo announces a new transport plan");
  });

  it("without a provider says translation is unavailable and how to enable it", async () => {
    const page = await readerOn({});
    await page.getByTestId("entry-translate").click();
    const note = page.getByTestId("translation-unavailable");
    await note.waitFor({ timeout: 20_000 });
    expect(await note.textContent()).toContain("AI_BASE_URL");
    expect(await page.locator(".entry-content .entry-translation").count()).toBe(0);
  });

  it("with the user's own provider set in Settings, translates on a server that has none", async () => {
    const page = await readerOn({});
    const entryUrl = page.url();
    await page.goto(new URL("/settings/general", entryUrl).href);
    await page.getByTestId("ai-provider-url").fill(chat.baseUrl);
    await page.getByTestId("ai-provider-model").fill("my-model");
    await page.getByTestId("ai-provider-key").fill(chat.apiKey);
    await page.getByTestId("ai-provider-save").click();
    await page.getByTestId("ai-provider-remove").waitFor();
    // Saved through the outbox: the server has it once the command went through.
    const origin = new URL(entryUrl).origin;
    await expect
      .poll(async () => {
        const answer = await page.request.get(`${origin}/api/ai/provider`);
        return ((await answer.json()) as { data: { model: string } | null }).data?.model;
      })
      .toBe("my-model");
    const calls = chat.calls.length;
    await page.goto(entryUrl);
    await page.getByTestId("entry-view").waitFor();
    await page.getByTestId("entry-translate").click();
    const bar = page.getByTestId("translation-bar");
    await expect.poll(() => bar.getAttribute("data-state"), { timeout: 20_000 }).toBe("done");
    expect(await page.getByTestId("entry-title-translation").textContent()).toBe(
      "Tokyo announces a new transport plan",
    );
    expect(chat.calls.length).toBeGreaterThan(calls);
    expect(chat.calls.at(-1)?.body.model).toBe("my-model");
  });

  it("reads the entry aloud with the browser's speech synthesis, sentence by sentence", async () => {
    const page = await readerOn({});
    // Watch what reaches the real speech engine (headless Chromium has no voice, so each
    // utterance fails at once and the pane moves on: the order is what can be checked here).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __spoken: string[] }).__spoken = seen;
      const speak = speechSynthesis.speak.bind(speechSynthesis);
      speechSynthesis.speak = (utterance) => {
        seen.push(utterance.text);
        speak(utterance);
      };
    });
    await page.getByTestId("read-aloud-play").click();
    const spoken = () =>
      page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken);
    await expect
      .poll(spoken)
      .toEqual([
        `${TITLE}.`,
        "東京都は火曜日に新しい交通計画を発表しました。",
        "バスの路線が増え、電車の本数も増えます。",
      ]);
    await expect.poll(() => page.getByTestId("read-aloud").getAttribute("data-state")).toBe("idle");
  });
});
