import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FakeChatServer } from "../support/fake-chat-server.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage } from "./support/browser.ts";
import { openEntry, quickAdd, signUp, timelineIds } from "./support/reader.ts";

const ARTICLE = `<p>The harbour authority opened a new ferry terminal on Friday morning.</p>
<p>The terminal serves six ferry routes and can handle two thousand passengers an hour.</p>
<p>Ferry passengers will be able to buy tickets on their phones from next month.</p>
<p>Local shops expect more visitors now that the ferry terminal is open.</p>`;

/** Over 1,500 characters of text: long enough for the summary to come on its own. */
const LONG_ARTICLE = Array.from(
  { length: 12 },
  (_, i) =>
    `<p>Paragraph ${i + 1} of the harbour report goes into the timetables, the fares and the works that are still planned around the new ferry terminal.</p>`,
).join("\n");

function articleFeed(title: string) {
  return rssFeed(title, [
    {
      guid: `${title}-1`,
      title: `${title} story`,
      html: ARTICLE,
      date: new Date(Date.now() - 3_600_000),
    },
  ]);
}

/** The summary block above an entry's content, with and without a provider (Chromium). */
describe("AI summary in the entry pane (Chromium)", () => {
  let feeds: FeedServer;
  let chat: FakeChatServer;
  let browser: Browser;
  const servers: TestServer[] = [];
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    chat = await new FakeChatServer().start();
    feeds.serve("/harbour.xml", articleFeed("Harbour"));
    feeds.serve(
      "/report.xml",
      rssFeed("Report", [
        { guid: "report-1", title: "Harbour report", html: LONG_ARTICLE, date: new Date() },
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

  /** A short entry offers its summary: it comes when asked for. */
  async function summarize(page: Page) {
    const ask = page.getByTestId("summary-ask");
    await ask.waitFor();
    expect(await page.getByTestId("entry-summary").count()).toBe(0);
    await ask.click();
  }

  async function readerOn(env: Record<string, string>, feed = "/harbour.xml"): Promise<Page> {
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
    await quickAdd(page, feeds.url(feed));
    await expect.poll(async () => (await timelineIds(page)).length).toBe(1);
    return page;
  }

  it("without a provider shows an extractive summary, labelled as such", async () => {
    const page = await readerOn({});
    await openEntry(page, (await timelineIds(page))[0]!);
    await summarize(page);
    const block = page.getByTestId("entry-summary");
    await expect.poll(() => block.getAttribute("data-state"), { timeout: 20_000 }).toBe("done");
    expect(await block.getAttribute("data-kind")).toBe("extractive");
    expect(await page.getByTestId("summary-extractive").textContent()).toBe("Extractive");
    const text = (await page.getByTestId("summary-text").textContent()) ?? "";
    expect(text).toContain("ferry");
    // Picked from the article: each sentence shown is one of the article's.
    for (const sentence of text.split(/(?<=\.)\s+/)) expect(ARTICLE).toContain(sentence);
  });

  it("with a provider streams the model's summary in, then shows it unlabelled", async () => {
    let release!: () => void;
    chat.gate = new Promise((resolve) => {
      release = resolve;
    });
    chat.answer = () => ["The harbour has ", "a new ferry terminal ", "for six routes."];
    const page = await readerOn({ AI_BASE_URL: chat.baseUrl, AI_API_KEY: chat.apiKey });
    await openEntry(page, (await timelineIds(page))[0]!);
    await summarize(page);
    const block = page.getByTestId("entry-summary");
    // The first piece shows while the rest is still being written.
    await expect
      .poll(() => page.getByTestId("summary-text").textContent(), { timeout: 20_000 })
      .toBe("The harbour has ");
    expect(await block.getAttribute("data-state")).toBe("pending");
    release();
    await expect.poll(() => block.getAttribute("data-state")).toBe("done");
    expect(await page.getByTestId("summary-text").textContent()).toBe(
      "The harbour has a new ferry terminal for six routes.",
    );
    expect(await block.getAttribute("data-kind")).toBe("model");
    expect(await page.getByTestId("summary-extractive").count()).toBe(0);
    chat.gate = undefined;
  });

  it("shows a provider failure with its code and retries on demand", async () => {
    const page = await readerOn({
      AI_BASE_URL: chat.baseUrl,
      AI_API_KEY: chat.apiKey,
      AI_MAX_RETRIES: "2",
    });
    chat.failures.push({ status: 500 }, { status: 500 }, { status: 500 });
    await openEntry(page, (await timelineIds(page))[0]!);
    await summarize(page);
    const block = page.getByTestId("entry-summary");
    await expect.poll(() => block.getAttribute("data-state"), { timeout: 20_000 }).toBe("error");
    expect(await page.getByTestId("summary-error").getAttribute("data-code")).toBe("1005");
    chat.answer = () => ["Second try."];
    await block.getByRole("button").click();
    await expect.poll(() => block.getAttribute("data-state")).toBe("done");
    expect(await page.getByTestId("summary-text").textContent()).toBe("Second try.");
  });

  it("shows the summary a rule asks for even with the summary setting off", async () => {
    const page = await readerOn({});
    const origin = new URL(page.url()).origin;
    await page.goto(`${origin}/settings/general`);
    await page.getByTestId("ai-summary").uncheck();
    await page.goBack();
    await expect.poll(async () => (await timelineIds(page)).length).toBe(1);
    const [id] = await timelineIds(page);
    await openEntry(page, id!);
    const entryUrl = page.url();
    await page.waitForTimeout(1000);
    expect(await page.getByTestId("entry-summary").count()).toBe(0);
    expect(await page.getByTestId("summary-ask").count()).toBe(0);

    // A rule asking for summaries of this feed, applied to the entries already there.
    const put = await page.request.put(`${origin}/api/actions`, {
      headers: { origin },
      data: {
        rules: [
          {
            name: "Summaries",
            condition: [{ field: "title", operator: "contains", value: "harbour" }],
            result: { summary: true },
          },
        ],
      },
    });
    expect(put.status()).toBe(200);
    await page.goto(`${origin}/action`);
    await page.getByTestId("rules-apply").click();
    // Once the server applied it, the next pull brings the entry's settings with it.
    await expect
      .poll(async () => {
        const list = await page.request.post(`${origin}/api/entries`, {
          headers: { origin },
          data: {},
        });
        const { data } = (await list.json()) as { data: { settings?: { summary?: boolean } }[] };
        return data[0]?.settings?.summary;
      })
      .toBe(true);
    await page.goto(entryUrl);
    const block = page.getByTestId("entry-summary");
    await expect.poll(() => block.getAttribute("data-state"), { timeout: 20_000 }).toBe("done");
    expect(await block.getAttribute("data-kind")).toBe("extractive");
  });

  it("a long entry gets its summary on open, unless it only repeats the opening", async () => {
    chat.answer = () => ["Works, fares and timetables of the new terminal."];
    const page = await readerOn(
      { AI_BASE_URL: chat.baseUrl, AI_API_KEY: chat.apiKey },
      "/report.xml",
    );
    await openEntry(page, (await timelineIds(page))[0]!);
    const block = page.getByTestId("entry-summary");
    await expect.poll(() => block.getAttribute("data-state"), { timeout: 20_000 }).toBe("done");
    expect(await page.getByTestId("summary-text").textContent()).toBe(
      "Works, fares and timetables of the new terminal.",
    );
    expect(await page.getByTestId("summary-ask").count()).toBe(0);

    // The same length, but the model only gives back the first paragraph: no box.
    chat.answer = () => [
      "Paragraph 1 of the harbour report goes into the timetables, the fares and the works that are still planned around the new ferry terminal.",
    ];
    const again = await readerOn(
      { AI_BASE_URL: chat.baseUrl, AI_API_KEY: chat.apiKey },
      "/report.xml",
    );
    await openEntry(again, (await timelineIds(again))[0]!);
    await again
      .getByTestId("summary-repeats-opening")
      .waitFor({ state: "attached", timeout: 20_000 });
    expect(await again.getByTestId("entry-summary").count()).toBe(0);
  });
});
