import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FeedServer } from "../support/feed-server.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { ServiceFakes } from "../support/service-fakes.ts";
import { launchBrowser, openPage, type PageWatch } from "./support/browser.ts";
import { openEntry, quickAdd, signUp, timelineIds } from "./support/reader.ts";

const FEED = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Keepers</title>
<link>https://example.com/</link><description>feed</description>
<item><guid>keep-1</guid><title>Worth keeping</title><link>https://example.com/keep-1</link>
<pubDate>${new Date(Date.now() - 3_600_000).toUTCString()}</pubDate>
<media:content url="https://img.example/keep.jpg" medium="image" />
<description><![CDATA[<p>A paragraph worth <em>keeping</em>.</p>]]></description></item>
</channel></rss>`;

/**
 * The desktop bridge as the Electron preload exposes it (electron/preload.ts), played by an
 * init script: each call is recorded on window.__bridgeCalls, saves succeed, and the menu
 * listener is kept so the test can "click" the native menu.
 */
const TEST_PRELOAD = `(() => {
  const calls = [];
  let menuListener = null;
  window.__bridgeCalls = calls;
  window.__clickMenu = (id) => menuListener && menuListener(id);
  const record = (name, answer) => async (...args) => { calls.push([name, args]); return answer; };
  window.electron = Object.freeze({
    platform: "linux",
    openExternal: record("openExternal"),
    setUnreadCount: record("setUnreadCount"),
    setOpenLinksExternally: record("setOpenLinksExternally"),
    saveToObsidian: record("saveToObsidian", { ok: true, link: "file:///vault/Worth%20keeping.md" }),
    saveToEagle: record("saveToEagle", { ok: true }),
    eagleAvailable: record("eagleAvailable", true),
    getServer: record("getServer", { kind: "bundled" }),
    setServer: record("setServer"),
    notify: record("notify"),
    onMenuAction: (listener) => { menuListener = listener; return () => { menuListener = null; }; },
  });
})();`;

type BridgeCall = [string, unknown[]];
const bridgeCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __bridgeCalls: BridgeCall[] }).__bridgeCalls);

/** Saving from the entry pane (Chromium): two web services through the server, and the desktop paths. */
describe("save to services from the entry pane (Chromium)", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let fakes: ServiceFakes;
  let browser: Browser;
  const watches: PageWatch[] = [];

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    feeds.serve("/keepers.xml", FEED);
    feeds.serve("/notes.xml", FEED.replace("keep-1</guid>", "note-1</guid>"));
    fakes = await new ServiceFakes().start();
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: inject("clientDistDir"),
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      AUTH_RATE_LIMIT_MAX: "1000",
      READWISE_API_URL: `${fakes.baseUrl}/readwise`,
      ZOTERO_API_URL: `${fakes.baseUrl}/zotero`,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const watch of watches) await watch.context.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
    await feeds?.stop();
    await fakes?.stop();
  });

  async function openFirstEntry(page: Page) {
    await page.goto(`${server.localUrl}/timeline/view-0/all/pending`);
    await quickAdd(page, feeds.url("/keepers.xml"));
    await page.getByTestId("timeline-item").first().waitFor();
    const [first] = await timelineIds(page);
    await openEntry(page, first!);
  }

  const toast = (page: Page, text: string) =>
    page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

  it("saves to Readwise and reports a Zotero refusal, from the entry's more-menu", async () => {
    const watch = await openPage(browser);
    watches.push(watch);
    const { page } = watch;
    await signUp(page, server.localUrl);

    await page.goto(`${server.localUrl}/settings/integration`);
    const readwise = page.getByTestId("integration-readwise");
    await readwise.getByTestId("integration-readwise-enable").check();
    await readwise.getByTestId("integration-field-readwiseToken").fill("rw-e2e-token-0123456789");
    await readwise.getByTestId("integration-readwise-save").click();
    await toast(page, "Integration settings saved").waitFor();
    // The server answers a hint, never the token.
    await expect.poll(() => readwise.textContent()).toContain("••••6789");
    const zotero = page.getByTestId("integration-zotero");
    await zotero.getByTestId("integration-zotero-enable").check();
    await zotero.getByTestId("integration-field-zoteroUserID").fill("475425");
    await zotero.getByTestId("integration-field-zoteroToken").fill("zotero-e2e-key-abcdef");
    await zotero.getByTestId("integration-zotero-save").click();
    await expect.poll(() => zotero.textContent()).toContain("••••cdef");

    fakes.answer("POST /readwise/api/v3/save/", {
      status: 201,
      body: { id: "r1", url: "https://read.readwise.io/read/r1" },
    });
    fakes.answer("POST /zotero/users/475425/items", { status: 403, body: "Forbidden" });
    await openFirstEntry(page);
    await page.getByTestId("entry-more").click();
    // Desktop-only services are not offered on the web.
    const menu = page.getByTestId("entry-more-menu-menu-content");
    await menu.waitFor();
    expect(await menu.getByRole("menuitem").allTextContents()).toEqual([
      "Save to Readwise",
      "Save to Zotero",
    ]);
    await menu.getByTestId("save-to-readwise").click();
    const saved = toast(page, "Saved to Readwise");
    await saved.waitFor();
    expect(await saved.getByRole("button", { name: "Open" }).count()).toBe(1);
    const [sent] = fakes.take();
    expect(sent).toMatchObject({ method: "POST", path: "/readwise/api/v3/save/" });
    expect(sent!.headers.authorization).toBe("Token rw-e2e-token-0123456789");
    expect(JSON.parse(sent!.body)).toMatchObject({
      url: "https://example.com/keep-1",
      title: "Worth keeping",
      saved_using: "Follow",
    });

    // The same save from the command palette ("integrations" actions are offered there).
    await page.keyboard.press("Control+K");
    await page.getByTestId("palette-input").fill("Save to Zotero");
    await page.getByTestId("palette-item").filter({ hasText: "Save to Zotero" }).first().click();
    const failed = toast(page, "Failed to save to Zotero");
    await failed.waitFor();
    expect(await failed.textContent()).toContain("the API key was refused or lacks write access");
    expect(fakes.take().map((r) => `${r.method} ${r.path} ${r.headers["zotero-api-key"]}`)).toEqual(
      ["POST /zotero/users/475425/items zotero-e2e-key-abcdef"],
    );
    // The refused save is a 422 from our server; the entry's image host does not resolve here.
    expect(watch.errors.filter((e) => !/422|Failed to load resource/.test(e))).toEqual([]);
  });

  it("in the desktop app: Obsidian and Eagle through the bridge, badge, link setting and menu", async () => {
    const watch = await openPage(browser);
    watches.push(watch);
    const { page } = watch;
    await watch.context.addInitScript(TEST_PRELOAD);
    await signUp(page, server.localUrl);
    // The link policy hears the setting as soon as the shell mounts.
    await expect
      .poll(async () =>
        (await bridgeCalls(page)).filter(([name]) => name === "setOpenLinksExternally"),
      )
      .toEqual([["setOpenLinksExternally", [false]]]);

    await page.goto(`${server.localUrl}/settings/integration`);
    const obsidian = page.getByTestId("integration-obsidian");
    await obsidian.getByTestId("integration-obsidian-enable").check();
    await obsidian.getByTestId("integration-field-obsidianVaultPath").fill("/home/ada/Vault");
    await obsidian.getByTestId("integration-obsidian-save").click();
    await toast(page, "Integration settings saved").waitFor();
    const eagle = page.getByTestId("integration-eagle");
    await eagle.getByTestId("integration-eagle-enable").check();
    await eagle.getByTestId("integration-eagle-save").click();
    await eagle.getByTestId("integration-eagle-test").click();
    await toast(page, "Eagle answered").waitFor();

    await openFirstEntry(page);
    // The unread count went to the dock / tray once the feed's entry was stored.
    await expect
      .poll(async () =>
        (await bridgeCalls(page)).some(
          ([name, args]) => name === "setUnreadCount" && Number(args[0]) > 0,
        ),
      )
      .toBe(true);
    // A highlight made here goes into the Obsidian note (read from this device's database).
    await page.getByTestId("entry-content").evaluate((root) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.nodeValue!.indexOf("paragraph worth");
        if (at >= 0) return document.getSelection()!.setBaseAndExtent(node, at, node, at + 15);
      }
      throw new Error("no passage to highlight");
    });
    await page.keyboard.press("h");
    await page.locator('[data-testid="entry-content"] mark[data-highlight-id]').waitFor();
    await page.getByTestId("entry-more").click();
    const menu = page.getByTestId("entry-more-menu-menu-content");
    await menu.waitFor();
    expect(await menu.getByRole("menuitem").allTextContents()).toEqual([
      "Save to Eagle",
      "Save to Obsidian",
    ]);
    await menu.getByTestId("save-to-obsidian").click();
    await toast(page, "Saved to Obsidian").waitFor();
    await page.getByTestId("entry-more").click();
    await page.getByTestId("save-to-eagle").click();
    await toast(page, "Saved to Eagle").waitFor();

    const calls = await bridgeCalls(page);
    const [vault, note] = calls.find(([name]) => name === "saveToObsidian")![1] as [
      string,
      { html: string; highlights?: unknown },
    ];
    expect(vault).toBe("/home/ada/Vault");
    expect(note).toMatchObject({ title: "Worth keeping", url: "https://example.com/keep-1" });
    expect(note.html).toContain("<em>keeping</em>");
    expect(note.highlights).toEqual([{ exact: "paragraph worth", note: "" }]);
    expect(calls.find(([name]) => name === "saveToEagle")![1]).toEqual([
      { mediaUrls: ["https://img.example/keep.jpg"], entryUrl: "https://example.com/keep-1" },
    ]);
    // Nothing went to a web service for the desktop-only saves.
    expect(fakes.take()).toEqual([]);

    // An entry arriving in the Notifications view raises a desktop notification.
    await quickAdd(page, feeds.url("/notes.xml"), { view: 5, open: false });
    await expect
      .poll(async () => (await bridgeCalls(page)).filter(([name]) => name === "notify"))
      .toEqual([["notify", ["Follow", "1 new entry in Notifications"]]]);

    // A native menu click runs the action it stands for: the command palette opens.
    await page.evaluate(() =>
      (window as unknown as { __clickMenu(id: string): void }).__clickMenu("global.commandPalette"),
    );
    await page.getByTestId("palette-input").waitFor();
    await page.keyboard.press("Escape");

    // The server setting: a self-hosted URL, saved through the bridge (which relaunches).
    await page.goto(`${server.localUrl}/settings/general`);
    await page.getByTestId("desktop-server-remote").check();
    await page.getByTestId("desktop-server-url").fill("https://follow.example.org");
    await page.getByTestId("desktop-server-apply").click();
    await expect
      .poll(async () => (await bridgeCalls(page)).filter(([name]) => name === "setServer"))
      .toEqual([["setServer", [{ kind: "remote", url: "https://follow.example.org" }]]]);
    expect(watch.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
