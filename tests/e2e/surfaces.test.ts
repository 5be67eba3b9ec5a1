import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server.ts";
import type { PageWatch } from "./support/browser.ts";
import { quickAdd, recentFeed, signUp, timelineIds } from "./support/reader.ts";
import { type ReaderWorld, startReaderWorld } from "./support/world.ts";

const run = promisify(execFile);

/** Whether an element is cut: wider than its box, or clipped by a box around it. */
const isCut = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .first()
    .evaluate((node) => {
      if (node.scrollWidth > node.clientWidth + 1) return true;
      const right = node.getBoundingClientRect().right;
      for (let box = node.parentElement; box; box = box.parentElement) {
        if (getComputedStyle(box).overflowX === "visible") continue;
        if (right > box.getBoundingClientRect().right + 1) return true;
      }
      return false;
    });

/**
 * The surfaces a newcomer meets besides reading: the first screen, the palette, the settings
 * pages of the panel labels, and an inbox's webhook, used as its settings say.
 */
describe("unfinished surfaces, finished (Chromium)", () => {
  let server: TestServer;
  let watch: PageWatch;
  let page: Page;
  let world: ReaderWorld;

  beforeAll(async () => {
    world = await startReaderWorld((feeds) => {
      feeds.serve("/twenty.xml", recentFeed("A feed with a rather long title to show", "tw", 20));
    });
    ({ server, watch, page } = world);
    // A laptop-sized window: the timeline column is at its narrowest beside the entry pane.
    await page.setViewportSize({ width: 1100, height: 800 });
    await signUp(page, server.localUrl);
  });
  afterAll(() => world?.close());

  it("keeps the welcome's buttons inside the timeline column", async () => {
    await page.goto(`${server.localUrl}/timeline/view-0/all/pending`);
    const empty = page.locator('[data-testid="timeline-empty"][data-empty="welcome"]');
    await empty.waitFor({ timeout: 30_000 });
    const column = await page.getByTestId("timeline-column").boundingBox();
    for (const id of [
      "timeline-welcome-add",
      "timeline-welcome-import",
      "timeline-welcome-discover",
    ]) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box, id).not.toBeNull();
      expect(box!.x, id).toBeGreaterThanOrEqual(column!.x);
      expect(box!.x + box!.width, id).toBeLessThanOrEqual(column!.x + column!.width + 0.5);
    }
  });

  it("lists every palette command once, each in words", async () => {
    const input = page.getByTestId("palette-input");
    await expect
      .poll(async () => {
        if (!(await input.isVisible())) await page.keyboard.press("Control+K");
        return input.isVisible();
      })
      .toBe(true);
    const items = page.getByTestId("palette-item");
    await expect.poll(() => items.count()).toBeGreaterThan(20);
    const rows = await items.evaluateAll((nodes) =>
      nodes.map((node) => ({ id: node.getAttribute("data-id"), text: node.textContent ?? "" })),
    );
    const ids = rows.map((row) => row.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    for (const row of rows) {
      expect(row.text, row.id ?? "").not.toMatch(
        /palette\.items|controls:|commands:|\w+\.\w+\.\w+/,
      );
    }
    expect(rows.find((row) => row.id === "navigate.rsshub")?.text).toContain("RSSHub");
    await page.keyboard.press("Escape");
    await input.waitFor({ state: "hidden" });
  });

  it("has real Actions, Power and Privacy settings pages, reached from the menu", async () => {
    await page.goto(`${server.localUrl}/settings`);
    await page.getByTestId("settings-nav-actions").click();
    await page.waitForURL(/\/settings\/actions$/);
    await page.getByTestId("settings-page-actions").waitFor();
    await page.getByTestId("actions-editor").waitFor();
    await page.getByTestId("rule-add").waitFor();

    await page.getByTestId("settings-nav-power").click();
    await page.waitForURL(/\/settings\/power$/);
    // A new account has no wallet yet: the page offers to make one.
    const noWallet = page.getByTestId("settings-page-power").getByTestId("wallet-none");
    await noWallet.waitFor();
    expect(await noWallet.textContent()).toContain("No wallet yet");

    await page.getByTestId("settings-nav-privacy").click();
    await page.waitForURL(/\/settings\/privacy$/);
    await page.getByTestId("settings-page-privacy").waitFor();
    for (const id of ["profile", "subscriptions", "lists", "reading", "inboxes"]) {
      expect(await page.getByTestId(`privacy-${id}`).textContent(), id).not.toBe("");
    }
    const anonymous = page.getByTestId("privacy-sendAnonymousData");
    const before = await anonymous.isChecked();
    await anonymous.click();
    await expect.poll(() => anonymous.isChecked()).toBe(!before);
    await page.getByTestId("privacy-sessions").click();
    await page.waitForURL(/\/settings\/account$/);

    // The route table's own /power is the wallet too, not a placeholder.
    await page.goto(`${server.localUrl}/power`);
    await page.getByTestId("power-page").getByTestId("wallet-none").waitFor();
    expect(watch.errors).toEqual([]);
  });

  it("documents an inbox's webhook with a curl command that works as copied", async () => {
    await page.goto(`${server.localUrl}/settings/list`);
    await page.getByTestId("inbox-new-handle").fill("builds");
    await page.getByTestId("inbox-new-title").fill("Build reports");
    await page.getByTestId("inbox-create").click();
    const help = page.getByTestId("inbox-webhook-help");
    await help.waitFor({ timeout: 20_000 });
    await help.locator("summary").click();
    const fields = await page.getByTestId("inbox-webhook-fields").textContent();
    for (const field of ["title", "content", "url", "author", "guid", "publishedAt", "media"]) {
      expect(fields).toContain(field);
    }
    const curl = (await page.getByTestId("inbox-webhook-curl").textContent()) ?? "";
    expect(curl).toContain(`${server.localUrl}/api/inbox-webhooks/builds`);
    expect(curl).toContain("x-inbox-secret: ");

    // Run exactly what the page shows, as a person pasting it into a shell would.
    const { stdout } = await run("sh", ["-c", `${curl} --silent --show-error`]);
    expect(JSON.parse(stdout)).toMatchObject({ code: 0, data: { entryId: expect.any(String) } });

    await page.goto(`${server.localUrl}/timeline/view-0/inbox-builds/pending`);
    await expect.poll(async () => (await timelineIds(page)).length, { timeout: 30_000 }).toBe(1);
    const source = page.getByTestId("entry-source").first();
    expect(await source.textContent()).toBe("Build reports");
    await page.getByTestId("entry-source-inbox").first().waitFor();
  });

  it("never cuts the header's unread count, beside a long view name", async () => {
    // "Notifications" and the count need more room than the three-pane header leaves.
    await page.goto(`${server.localUrl}/timeline/view-5/all/pending`);
    await quickAdd(page, world.feeds.url("/twenty.xml"), { view: 5 });
    await page.goto(`${server.localUrl}/timeline/view-5/all/pending`);
    const unread = page.getByTestId("timeline-unread");
    await expect.poll(() => unread.getAttribute("data-count"), { timeout: 30_000 }).toBe("20");
    for (const width of [1100, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await unread.waitFor();
      expect(await isCut(page, "timeline-unread"), `${width}px`).toBe(false);
      expect(await unread.textContent()).toContain("20 unread");
    }
    await page.setViewportSize({ width: 1100, height: 800 });
  });
});
