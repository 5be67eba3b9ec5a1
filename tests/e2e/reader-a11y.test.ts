import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedServer } from "../support/feed-server.ts";
import type { TestServer } from "../support/server.ts";
import { openEntry, quickAdd, recentFeed, signUp, timelineIds } from "./support/reader.ts";
import { type ReaderWorld, startReaderWorld } from "./support/world.ts";

// Evaluated through the DevTools protocol: the app's CSP (rightly) refuses injected scripts.
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core on the page; returns the serious and critical violations. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    );
}

describe("accessibility of the main screens (axe-core, Chromium)", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let page: Page;
  let world: ReaderWorld;
  let feedId = "";

  beforeAll(async () => {
    world = await startReaderWorld((feeds) => {
      feeds.serve("/a11y.xml", recentFeed("Accessible Feed", "a11y", 8));
    });
    ({ server, feeds, page } = world);
  });
  afterAll(() => world?.close());

  it("login", async () => {
    await page.goto(`${server.localUrl}/login`);
    await page.getByTestId("login-submit").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("timeline with entries", async () => {
    await signUp(page, server.localUrl);
    feedId = await quickAdd(page, feeds.url("/a11y.xml"), { category: "Reading" });
    await expect.poll(async () => (await timelineIds(page)).length).toBe(8);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("an open entry", async () => {
    const [first] = await timelineIds(page);
    await openEntry(page, first!);
    await expect
      .poll(() => page.getByTestId("entry-view").getAttribute("data-content"))
      .toBe("ready");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("dialogs and menus: quick add, a feed's menu, edit subscription", async () => {
    await page.getByTestId("quick-add-button").click();
    await page.getByTestId("quick-add-url").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await page.getByTestId("quick-add-dialog").waitFor({ state: "hidden" });

    await page.getByTestId(`subscription-${feedId}-menu`).click();
    const menu = page.getByTestId(`subscription-${feedId}-menu-content`);
    await menu.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await menu.getByTestId("menu-edit").click();
    await page.getByTestId("edit-title").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await page.getByTestId("edit-subscription-dialog").waitFor({ state: "hidden" });
  });

  it("timeline and entry in dark mode", async () => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    // Colours change through CSS transitions: judge contrast once they have settled.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a instanceof CSSTransition)
          .map((a) => a.finished),
      ),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: "light" });
  });

  it("settings", async () => {
    await page.getByTestId("nav-settings").click();
    await page.waitForURL(/\/settings/);
    await page.getByTestId("page-title").first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
