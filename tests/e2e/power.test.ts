import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { verifyFromMailDirectory } from "../support/accounts.ts";
import { FeedServer } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage, type PageWatch } from "./support/browser.ts";
import { PASSWORD, quickAdd, recentFeed, signUp } from "./support/reader.ts";

const POWER = 10n ** 18n;

/**
 * POWER in Chromium, on the real server: an operator (this reader, an admin) mints POWER to
 * itself from /power, claims the daily POWER, tips an entry, boosts its feed from the palette,
 * pays for a list with a fee, sees it all in its transactions; an over-balance tip is refused
 * with 4002 in the dialog, and an offline one on the spot (never queued); the operator defines
 * an airdrop it then claims and settles another user's withdrawal; a withdrawal beyond the
 * withdrawable part is refused with 4003.
 */
describe("POWER wallet (Chromium)", () => {
  let feeds: FeedServer;
  let server: TestServer;
  let watch: PageWatch;
  let page: Page;
  let close: () => Promise<void>;
  let listId: string;
  let feedId: string;
  let userId: string;
  let maker: TestClient;
  const email = uniqueEmail("e2e-power");

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    feeds.serve("/power.xml", recentFeed("Power Feed", "power", 3));
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: inject("clientDistDir"),
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      AUTH_RATE_LIMIT_MAX: "1000",
      ADMIN_EMAILS: email,
      WALLET_BOOST_LEVELS: "10,50",
    });
    // Someone else sells a list of their feeds for 5 POWER.
    maker = new TestClient(server.localUrl);
    await maker.signUp(uniqueEmail("e2e-power-maker"));
    const created = await maker.request("POST", "/api/lists", {
      json: { title: "Paid Picks", view: 0, fee: 5 },
    });
    listId = created.body.data.id;
    await maker.request("POST", "/api/wallets", { json: {} });
    const browser = await launchBrowser();
    watch = await openPage(browser);
    page = watch.page;
    close = async () => {
      await watch.context.close().catch(() => undefined);
      await browser.close();
    };
  });
  afterAll(async () => {
    await close?.();
    await server?.close();
    await feeds?.stop();
  });

  /** The balance the wallet shows, in whole POWER. */
  async function balance(): Promise<string> {
    return ((await page.getByTestId("wallet-balance").textContent()) ?? "").replace(
      /\s*POWER$/,
      "",
    );
  }

  it("lets the operator make a wallet and mint POWER into it from /power", async () => {
    await signUp(page, server.localUrl, email);
    // ADMIN_EMAILS makes an admin of a verified address only.
    const self = new TestClient(server.localUrl);
    await self.signIn(email, PASSWORD);
    await verifyFromMailDirectory(server, self, email);
    userId = (await self.session()).body.user.id as string;

    await page.goto(`${server.localUrl}/power`);
    await page.getByTestId("wallet-create").click({ timeout: 20_000 });
    await page.getByTestId("wallet-summary").waitFor({ timeout: 20_000 });
    expect(await balance()).toBe("0");

    const operator = page.getByTestId("power-operator");
    await operator.waitFor({ timeout: 20_000 });
    await page.getByTestId("admin-mint-user").fill(userId);
    await page.getByTestId("admin-mint-amount").fill("100");
    await page.getByTestId("admin-mint-submit").click();
    await expect.poll(balance, { timeout: 20_000 }).toBe("100");
    expect(await page.getByTestId("admin-audit-result").getAttribute("data-balanced")).toBe("true");
  });

  it("claims today's daily POWER once (after a 4005 while the day's amount is computed)", async () => {
    const claim = page.getByTestId("claim-daily");
    const refusal = page.getByTestId("claim-daily-refusal");
    // Pressed while the day's amount is still being computed, the server says 4005 and
    // computes it; the next press takes it.
    await expect
      .poll(
        async () => {
          if ((await claim.textContent()) === "Claimed today") return "claimed";
          if (await claim.isEnabled()) await claim.click();
          await page.waitForTimeout(300);
          return (await refusal.isVisible()) ? await refusal.getAttribute("data-code") : "pressed";
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe("claimed");
    expect(await claim.isDisabled()).toBe(true);
    await expect
      .poll(async () => Number((await balance()).replace(/,/g, "")), { timeout: 20_000 })
      .toBeGreaterThan(100);
  });

  it("tips an entry, and refuses a tip above the balance with 4002 and offline ones on the spot", async () => {
    const before = Number((await balance()).replace(/,/g, ""));
    feedId = await quickAdd(page, feeds.url("/power.xml"));
    await page.getByTestId("entry-link").first().click();
    await page.getByTestId("entry-tip").click();
    const dialog = page.getByTestId("tip-dialog");
    await dialog.waitFor();
    await dialog.locator('[data-testid="tip-preset"][data-units="2000000000000000000"]').click();
    await dialog.getByTestId("tip-submit").click();
    await dialog.waitFor({ state: "hidden", timeout: 20_000 });

    await page.getByTestId("entry-tip").click();
    await dialog.waitFor();
    await dialog.getByTestId("tip-amount").fill("1000000");
    expect(await dialog.getByTestId("tip-over-balance").isVisible()).toBe(true);
    await dialog.getByTestId("tip-submit").click();
    const refusal = dialog.getByTestId("tip-refusal");
    await refusal.waitFor({ timeout: 20_000 });
    expect(await refusal.getAttribute("data-code")).toBe("4002");
    expect(await refusal.textContent()).toContain("Insufficient balance");

    // Offline, a tip is refused on the spot, never queued (the transactions show one tip).
    await watch.context.setOffline(true);
    await dialog.getByTestId("tip-amount").fill("1");
    await dialog.getByTestId("tip-submit").click();
    await expect.poll(() => refusal.textContent(), { timeout: 10_000 }).toContain("offline");
    expect(await refusal.getAttribute("data-code")).toBeNull();
    await watch.context.setOffline(false);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    await page.goto(`${server.localUrl}/power`);
    await expect
      .poll(async () => Number((await balance()).replace(/,/g, "")), { timeout: 20_000 })
      .toBe(before - 2);
  });

  it("boosts the entry's feed from the command palette; its sidebar menu shows the boosters", async () => {
    await page.goBack();
    await page.getByTestId("entry-tip").waitFor({ timeout: 20_000 });
    const input = page.getByTestId("palette-input");
    await expect
      .poll(
        async () => {
          if (!(await input.isVisible())) await page.keyboard.press("Control+K");
          return input.isVisible();
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe(true);
    await page.keyboard.type("boost this feed");
    const item = page.locator('[data-testid="palette-item"][data-id="power.boostFeed"]');
    await item.waitFor();
    await item.click();
    const dialog = page.getByTestId("boost-dialog");
    await dialog.waitFor();
    // The amount levels come from the server a moment after the dialog shows.
    await expect
      .poll(() => dialog.getByTestId("boost-preset").count(), { timeout: 20_000 })
      .toBe(2);
    await dialog.locator(`[data-testid="boost-preset"][data-units="${10n * POWER}"]`).click();
    await dialog.getByTestId("boost-submit").click();
    await dialog.waitFor({ state: "hidden", timeout: 20_000 });

    // The feed's menu in the sidebar opens the same dialog, now listing this booster.
    await page.getByTestId(`subscription-${feedId}-menu`).click();
    await page.getByTestId(`subscription-${feedId}-menu-content`).getByTestId("menu-boost").click();
    await dialog.getByTestId("boost-booster").first().waitFor({ timeout: 20_000 });
    expect(await dialog.getByTestId("boost-booster").first().textContent()).toContain("10");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  });

  it("pays a list's fee before following it", async () => {
    await page.goto(`${server.localUrl}/discover/list/${listId}`);
    await page.getByTestId("list-fee").waitFor({ timeout: 20_000 });
    await page.getByTestId("list-follow").click();
    const dialog = page.getByTestId("purchase-list-dialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("5 POWER");
    await dialog.getByTestId("purchase-list-confirm").click();
    const refused = dialog.getByTestId("purchase-list-refusal");
    await expect
      .poll(
        async () =>
          (await refused.isVisible()) ? await refused.textContent() : await dialog.isVisible(),
        {
          timeout: 20_000,
        },
      )
      .toBe(false);
    await page.getByTestId("list-unfollow").waitFor({ timeout: 20_000 });
  });

  it("claims an airdrop the operator defines, and settles the list owner's withdrawal", async () => {
    await page.goto(`${server.localUrl}/power`);
    await page.getByTestId("admin-airdrop-users").fill(userId);
    await page.getByTestId("admin-airdrop-amount").fill("3");
    await page.getByTestId("admin-airdrop-submit").click();
    await page.reload();
    const card = page.getByTestId("airdrop-card");
    await expect.poll(() => card.getAttribute("data-status"), { timeout: 20_000 }).toBe("eligible");
    await page.getByTestId("airdrop-claim").click();
    await expect.poll(() => card.getAttribute("data-status"), { timeout: 20_000 }).toBe("sent");

    // The list's owner earned its fee (withdrawable) and asks for 2 POWER of it.
    const asked = await maker.request("POST", "/api/wallets/transactions/withdraw", {
      json: { amount: String(2n * POWER), address: "maker-address" },
      headers: { "Idempotency-Key": "e2e-power-withdraw" },
    });
    expect(asked.status).toBe(200);
    await page.reload();
    const pending = page.getByTestId("admin-withdrawal");
    await expect.poll(() => pending.count(), { timeout: 20_000 }).toBe(1);
    expect(await pending.getByTestId("admin-withdrawal-address").textContent()).toContain(
      "maker-address",
    );
    await pending.getByTestId("admin-withdrawal-reference").fill("bank-ref-42");
    await pending.getByTestId("admin-withdrawal-settle").click();
    await expect.poll(() => pending.count(), { timeout: 20_000 }).toBe(0);
    const settled = await maker.request("GET", "/api/wallets/transactions?type=withdraw");
    expect(settled.body.data[0]).toMatchObject({ status: "settled", reference: "bank-ref-42" });
  });

  it("refuses a withdrawal beyond the withdrawable part with 4003 (Settings › Power)", async () => {
    await page.goto(`${server.localUrl}/settings/power`);
    await page.getByTestId("withdraw-amount").fill("1", { timeout: 20_000 });
    await page.getByTestId("withdraw-address").fill("my-address");
    await page.getByTestId("withdraw-submit").click();
    const refusal = page.getByTestId("withdraw-refusal");
    await refusal.waitFor({ timeout: 20_000 });
    expect(await refusal.getAttribute("data-code")).toBe("4003");
  });

  it("lists every movement in the transactions, filtered by type", async () => {
    await page.goto(`${server.localUrl}/power`);
    const rows = page.getByTestId("transaction-row");
    await expect
      .poll(
        async () =>
          (await rows.evaluateAll((r) => r.map((e) => e.getAttribute("data-type")))).sort(),
        {
          timeout: 20_000,
        },
      )
      .toEqual(["airdrop", "boost", "claim", "mint", "purchase", "tip"]);
    await page.getByTestId("transactions-filter-tip").click();
    await expect
      .poll(() => rows.evaluateAll((r) => r.map((e) => e.getAttribute("data-type"))), {
        timeout: 20_000,
      })
      .toEqual(["tip"]);
    await page.getByTestId("ranking-row").first().waitFor();
    expect(
      watch.errors.filter((e) => !/status of (402|403|409|422)|Failed to load resource/.test(e)),
    ).toEqual([]);
  });
});
