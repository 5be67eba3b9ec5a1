import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedServer } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import type { TestServer } from "../support/server.ts";
import { openPage } from "./support/browser.ts";
import { PASSWORD, quickAdd, recentFeed, signUp, waitForSynced } from "./support/reader.ts";
import { type ReaderWorld, startReaderWorld } from "./support/world.ts";

/** Settings › Lists: curate a list with commands; a refused change is rolled back. */
describe("lists (Chromium)", () => {
  let server: TestServer;
  let feeds: FeedServer;
  let page: Page;
  let world: ReaderWorld;
  let email: string;

  beforeAll(async () => {
    world = await startReaderWorld((feeds) => {
      feeds.serve("/one.xml", recentFeed("List One", "one", 3));
      feeds.serve("/two.xml", recentFeed("List Two", "two", 3));
    });
    ({ server, feeds, page } = world);
    email = await signUp(page, server.localUrl);
  });
  afterAll(() => world?.close());

  /** The owner's lists as the server has them. */
  async function serverLists() {
    const owner = new TestClient(server.localUrl);
    await owner.signIn(email, PASSWORD);
    return (await owner.request("GET", "/api/lists/list")).body.data as Array<{
      id: string;
      title: string;
      feedIds: string[];
    }>;
  }

  it("creates a list, adds and removes feeds, and the server has the same", async () => {
    const one = await quickAdd(page, feeds.url("/one.xml"), { open: false });
    const two = await quickAdd(page, feeds.url("/two.xml"), { open: false });
    await page.goto(`${server.localUrl}/settings/list`);
    await page.getByTestId("lists-empty").waitFor();
    await page.getByTestId("list-new-title").fill("Morning reads");
    await page.getByTestId("list-create").click();
    await page.getByTestId("list-editor").waitFor();
    await page.getByTestId(`list-add-${one}`).click();
    await page.getByTestId(`list-add-${two}`).click();
    await expect
      .poll(() => page.getByTestId("list-feeds").locator("li").count(), { timeout: 20_000 })
      .toBe(2);
    await page.getByTestId(`list-remove-${one}`).click();
    await expect
      .poll(() => page.getByTestId("list-feeds").locator("li").count(), { timeout: 20_000 })
      .toBe(1);
    await waitForSynced(page);
    await expect
      .poll(async () => (await serverLists()).map((l) => [l.title, l.feedIds]), { timeout: 30_000 })
      .toEqual([["Morning reads", [two]]]);
  });

  it("rolls back a delete the server refuses (someone follows the list: 8004)", async () => {
    const [list] = await serverLists();
    const follower = new TestClient(server.localUrl);
    await follower.signUp(uniqueEmail("follower"));
    expect(
      (await follower.request("POST", "/api/subscriptions", { json: { listId: list!.id } })).status,
    ).toBe(200);

    await page.getByTestId("list-delete").click();
    await page.getByTestId("list-delete-dialog-confirm").click();
    // Gone at once (optimistic), back once the server has refused, with a toast saying so.
    await page
      .getByText("“Delete list” could not be saved and was undone")
      .waitFor({ timeout: 30_000 });
    await page.getByTestId(`list-open-${list!.id}`).waitFor({ timeout: 30_000 });
    await waitForSynced(page);
    expect((await serverLists()).map((l) => l.id)).toEqual([list!.id]);
  });

  it("shows a list's public page to someone else, who follows it; a paid list asks for its fee", async () => {
    const [list] = await serverLists();
    const owner = new TestClient(server.localUrl);
    await owner.signIn(email, PASSWORD);
    const paid = await owner.request("POST", "/api/lists", {
      json: { title: "Premium", view: 0, fee: 5 },
    });
    const other = await openPage(world.browser);
    try {
      const reader = other.page;
      await signUp(reader, server.localUrl);
      await reader.goto(`${server.localUrl}/discover/list/${list!.id}`);
      await reader
        .locator('[data-testid="list-page"][data-state="ready"]')
        .waitFor({ timeout: 20_000 });
      expect(await reader.getByTestId("list-page-feeds").textContent()).toContain("List Two");
      expect(await reader.getByTestId("list-page-entries").locator("li").count()).toBe(3);
      await reader.getByTestId("list-follow").click();
      await reader.getByTestId("list-unfollow").waitFor();
      await waitForSynced(reader);
      await expect
        .poll(() => reader.getByTestId("subscription-title").allTextContents(), { timeout: 20_000 })
        .toContain("Morning reads");

      await reader.goto(`${server.localUrl}/discover/list/${paid.body.data.id}`);
      await reader
        .locator('[data-testid="list-page"][data-state="ready"]')
        .waitFor({ timeout: 20_000 });
      expect(await reader.getByTestId("list-fee").textContent()).toContain("5 POWER");
      // Following a paid list is a purchase: asked first, refused without the balance.
      await reader.getByTestId("list-follow").click();
      await reader.getByTestId("purchase-list-confirm").click();
      const refusal = reader.getByTestId("purchase-list-refusal");
      await refusal.waitFor({ timeout: 30_000 });
      expect(await refusal.getAttribute("data-code")).toBe("4002");
      await reader.keyboard.press("Escape");
      await reader.getByTestId("list-follow").waitFor();
    } finally {
      await other.context.close();
    }
  });
});
