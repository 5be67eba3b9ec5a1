import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { uniqueEmail } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser } from "./support/browser.ts";

/**
 * CSRF from a same-site origin (issue 10, M2): a page on another port of 127.0.0.1 is "same
 * site" for the victim's SameSite=Lax session cookie, so the browser sends it along. Every write
 * such a page can make without a preflight (a text/plain fetch, a text/plain or urlencoded form)
 * must be refused, and the victim's state must not move. A control write from the app's own
 * origin shows the same request does change state when it is legitimate.
 */
describe("cross-origin writes in Chromium", () => {
  let server: TestServer;
  let site: FeedServer;
  let browser: Browser;
  let feedUrl: string;
  let attackUrl: string;

  beforeAll(async () => {
    site = await new FeedServer().start();
    feedUrl = site.serve(
      "/feed.xml",
      rssFeed("Planted feed", [{ guid: "p1", title: "P1", date: new Date(Date.UTC(2026, 0, 1)) }]),
    );
    server = await startTestServer("sqlite", {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    });
    attackUrl = site.serve("/attack.html", attackPage(server.localUrl, feedUrl), "text/html");
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await site?.stop();
  });

  async function signedInContext(): Promise<BrowserContext> {
    const context = await browser.newContext();
    const credentials = { email: uniqueEmail("csrf"), password: "correct horse battery" };
    const signUp = await context.request.post(`${server.localUrl}/api/better-auth/sign-up/email`, {
      headers: { origin: server.localUrl },
      data: { ...credentials, name: "Victim" },
    });
    expect(signUp.status()).toBe(200);
    // Sign-up never signs in (it answers alike for a registered address).
    const signIn = await context.request.post(`${server.localUrl}/api/better-auth/sign-in/email`, {
      headers: { origin: server.localUrl },
      data: credentials,
    });
    expect(signIn.status()).toBe(200);
    return context;
  }

  async function subscriptions(context: BrowserContext): Promise<string[]> {
    const response = await context.request.get(`${server.localUrl}/api/subscriptions`);
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { data: Array<{ feeds: { url: string } }> };
    return body.data.map((s) => s.feeds.url);
  }

  it("refuses fetch and form writes from another local origin; state is unchanged", async () => {
    const context = await signedInContext();
    expect(await subscriptions(context)).toEqual([]);
    const page = await context.newPage();
    await page.goto(attackUrl);
    expect(new URL(page.url()).origin).not.toBe(new URL(server.localUrl).origin);

    const outcome = (await page.evaluate("window.attack()")) as Array<{
      name: string;
      status: number;
      body: string;
    }>;
    for (const attempt of outcome) {
      // An opaque no-cors answer reads as status 0; either way the server must have refused.
      expect([0, 403], `${attempt.name}: ${attempt.body}`).toContain(attempt.status);
    }
    expect(await subscriptions(context)).toEqual([]);

    // A classic form POST (navigates the page), text/plain and urlencoded.
    for (const form of ["form-text", "form-urlencoded"]) {
      await page.goto(attackUrl);
      const answered = page.waitForResponse((r) => r.url().endsWith("/api/subscriptions"));
      await page.click(`#${form} button`);
      const response = await answered;
      expect(response.status(), form).toBe(403);
      expect(((await response.json()) as { code: number }).code, form).toBe(1004);
    }
    expect(await subscriptions(context)).toEqual([]);
    expect(site.hits.get("/feed.xml") ?? 0).toBe(0);
    await context.close();
  });

  it("still accepts the same write from the app's own origin (control)", async () => {
    const context = await signedInContext();
    const page = await context.newPage();
    await page.goto(`${server.localUrl}/api/health`);
    const status = await page.evaluate(async (url) => {
      const response = await fetch("/api/subscriptions", {
        method: "POST",
        credentials: "include",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ url, view: 0 }),
      });
      return response.status;
    }, feedUrl);
    expect(status).toBe(200);
    expect(await subscriptions(context)).toEqual([feedUrl]);
    await context.close();
  });
});

/** The attacker's page: fetches that need no preflight, and two auto-filled forms. */
function attackPage(apiOrigin: string, feedUrl: string): string {
  const target = `${apiOrigin}/api/subscriptions`;
  const body = JSON.stringify({ url: feedUrl, view: 0 });
  // A text/plain form sends "name=value": the name carries the JSON up to a harmless tail.
  const formName = `${body.slice(0, -1)},"pad":"`;
  return `<!doctype html><html><body>
<form id="form-text" method="POST" action="${target}" enctype="text/plain">
  <input type="hidden" name='${formName}' value='"}'><button type="submit">go</button>
</form>
<form id="form-urlencoded" method="POST" action="${target}">
  <input type="hidden" name="url" value="${feedUrl}"><button type="submit">go</button>
</form>
<script>
window.attack = async () => {
  const attempts = [
    ["fetch text/plain; charset=application/json", { "content-type": "text/plain; charset=application/json" }, "cors"],
    ["fetch text/plain no-cors", { "content-type": "text/plain" }, "no-cors"],
    ["fetch urlencoded no-cors", { "content-type": "application/x-www-form-urlencoded" }, "no-cors"],
  ];
  const results = [];
  for (const [name, headers, mode] of attempts) {
    try {
      const response = await fetch(${JSON.stringify(target)}, {
        method: "POST", credentials: "include", mode, headers, body: ${JSON.stringify(body)},
      });
      results.push({ name, status: response.status, body: mode === "cors" ? "" : "(opaque)" });
    } catch (error) {
      // CORS hides the answer from this page; what counts is that nothing changed.
      results.push({ name, status: 0, body: String(error) });
    }
  }
  return results;
};
</script></body></html>`;
}
