import { subscribe } from "node:diagnostics_channel";
import type { Socket } from "node:net";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { PASSWORD } from "../support/accounts.ts";
import { AnalyticsReceiver } from "../support/analytics-receiver.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { SentryReceiver } from "../support/sentry-receiver.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { launchBrowser, openPage, type PageWatch } from "./support/browser.ts";
import { quickAdd, signUp } from "./support/reader.ts";

const SECRET_TITLE = "Private entry title 7d1f";
const SECRET_BODY = "Private entry body text 5c2e";

function privateFeed(feeds: FeedServer) {
  feeds.serve(
    "/private.xml",
    rssFeed("Private Feed", [
      { guid: "p-1", title: SECRET_TITLE, html: `<p>${SECRET_BODY}</p>`, date: new Date() },
    ]),
  );
}

/** Every outbound TCP connection this process opens (the server runs in it), by address. */
function recordConnections(): { seen: string[]; stop(): void } {
  const seen: string[] = [];
  const onSocket = (message: unknown) => {
    const socket = (message as { socket: Socket }).socket;
    socket.once("connect", () => seen.push(`${socket.remoteAddress}:${socket.remotePort}`));
  };
  subscribe("net.client.socket", onSocket);
  return {
    seen,
    stop: () => {
      import("node:diagnostics_channel").then(({ unsubscribe }) =>
        unsubscribe("net.client.socket", onSocket),
      );
    },
  };
}

/** `read` polled until it holds; a failure names what never came (instead of the test's timeout). */
function arrives<T>(label: string, read: () => T | undefined | null | false): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      const value = read();
      if (value) return resolve(value);
      if (Date.now() - started > 30_000) return reject(new Error(`never arrived: ${label}`));
      setTimeout(tick, 50);
    };
    tick();
  });
}

function isLoopback(address: string): boolean {
  return /^(127\.|::1|::ffff:127\.|localhost)/.test(address.replace(/^\[/, ""));
}

describe("nothing configured: nothing leaves the machine", () => {
  let feeds: FeedServer;
  let server: TestServer;
  let browser: Browser;
  let watch: PageWatch;
  const requests: string[] = [];
  const connections = recordConnections();

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    privateFeed(feeds);
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: inject("clientDistDir"),
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      AUTH_RATE_LIMIT_MAX: "1000",
    });
    browser = await launchBrowser();
    watch = await openPage(browser);
    watch.context.on("request", (request) => requests.push(request.url()));
    // Locked to loopback: a request elsewhere is recorded above, and refused here.
    await watch.context.route(
      (url) => !["data:", "blob:"].includes(url.protocol) && !isLoopback(url.hostname),
      (route) => route.abort("blockedbyclient"),
    );
  });
  afterAll(async () => {
    connections.stop();
    await watch?.context.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
    await feeds?.stop();
  });

  it("the browser asks only the app, and the server connects only to the test's own servers", async () => {
    const { page } = watch;
    await signUp(page, server.localUrl);
    await quickAdd(page, `${feeds.baseUrl}/private.xml`);
    await page.getByText(SECRET_TITLE).first().waitFor({ timeout: 30_000 });
    await page.getByText(SECRET_TITLE).first().click();
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("a client error with nothing configured");
      });
    });
    await page.waitForTimeout(500);

    const html = await (await fetch(`${server.localUrl}/`)).text();
    expect(html).not.toContain("follow-observability");

    const appOrigin = new URL(server.localUrl).origin;
    const elsewhere = requests.filter(
      (url) => !url.startsWith(appOrigin) && !url.startsWith("data:") && !url.startsWith("blob:"),
    );
    // The feed's own address is the only other place, fetched by the server, not the browser.
    expect(requests.length).toBeGreaterThan(5);
    expect(elsewhere).toEqual([]);

    const ownPorts = new Set([new URL(server.localUrl).port, new URL(feeds.baseUrl).port]);
    expect(connections.seen.length).toBeGreaterThan(0);
    const outside = connections.seen.filter(
      (address) =>
        !isLoopback(address) || !ownPorts.has(address.slice(address.lastIndexOf(":") + 1)),
    );
    expect(outside).toEqual([]);
  });
});

describe("error reports and analytics pointed at local receivers", () => {
  const sentry = new SentryReceiver();
  const analytics = new AnalyticsReceiver();
  let feeds: FeedServer;
  let server: TestServer;
  let browser: Browser;
  let watch: PageWatch;
  let email: string;

  beforeAll(async () => {
    await sentry.start();
    await analytics.start();
    feeds = await new FeedServer().start();
    privateFeed(feeds);
    server = await startTestServer("sqlite", {
      CLIENT_DIST_DIR: inject("clientDistDir"),
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      AUTH_RATE_LIMIT_MAX: "1000",
      SENTRY_DSN: sentry.dsn,
      SENTRY_RELEASE: "follow@e2e",
      ANALYTICS_HOST: analytics.baseUrl,
      ANALYTICS_KEY: "e2e-project-key",
    });
    browser = await launchBrowser();
    watch = await openPage(browser);
  });
  afterAll(async () => {
    await watch?.context.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
    await feeds?.stop();
    await sentry.stop();
    await analytics.stop();
  });

  it("receives a client error, a server error and the measurement payload, nothing private", async () => {
    const { page } = watch;
    email = await signUp(page, server.localUrl, uniqueEmail("observed"));
    await quickAdd(page, `${feeds.baseUrl}/private.xml`);
    await page.getByText(SECRET_TITLE).first().waitFor({ timeout: 30_000 });

    // The product event of the sign-up, in the measurement endpoint's payload.
    const measurement = await arrives("the sign-up's measurement payload", () =>
      analytics
        .at("/mp/collect")
        .find((body) => body.events?.some((e: { name: string }) => e.name === "sign_up_completed")),
    );
    expect(measurement.client_id).toEqual(expect.any(String));
    expect(measurement.user_id).toEqual(expect.any(String));
    // The person's properties, each as { value }: the app's version and language, nothing else.
    expect(measurement.user_properties).toEqual({
      app_version: { value: "0.6.1" },
      ui_language: { value: "en" },
    });
    const [event] = measurement.events;
    expect(event.params).toMatchObject({
      engagement_time_msec: 1000,
      session_id: expect.any(String),
    });
    const capture = analytics.at("/capture/").find((body) => body.event === "sign_up_completed");
    expect(capture).toMatchObject({ api_key: "e2e-project-key", distinct_id: measurement.user_id });

    // The other product events, each from the code path a person uses.
    const captured = (name: string) =>
      arrives(name, () => analytics.at("/capture/").find((body) => body.event === name));
    await captured("first_subscription");
    await page.getByText(SECRET_TITLE).first().click();
    await page.getByTestId("entry-toggle-read").waitFor();
    await captured("first_entry_read");
    await page.getByTestId("timeline-view").click();
    await page.keyboard.press("/");
    await page.getByTestId("search-dialog").getByTestId("search-input").fill("zebra");
    await captured("search_used");
    await page.keyboard.press("Escape");
    await watch.context.setOffline(true);
    const toggle = page.getByTestId("entry-toggle-read");
    const wasRead = await toggle.getAttribute("aria-pressed");
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-pressed")).not.toBe(wasRead);
    await watch.context.setOffline(false);
    const replay = await captured("offline_replay");
    expect(replay.properties.writes).toBe(1);

    // A client error: thrown until the lazily loaded SDK has started and sent one.
    const clientEvent = await arrives("a client error's report", () => {
      const found = sentry.events.find((e) => e.platform === "javascript");
      if (!found) {
        void page.evaluate(() => {
          setTimeout(() => {
            throw new Error("client failure for the receiver");
          });
        });
      }
      return found;
    });
    expect(clientEvent.release).toBe("follow@e2e");
    expect(clientEvent.exception.values[0].value).toContain("client failure for the receiver");
    expect(clientEvent.tags.session_trace_id).toEqual(expect.any(String));

    // Replays on error (sample rate 1): the recording arrives, its text masked (scanned below).
    const recording = await arrives("the replay recorded before the error", () =>
      sentry.envelopes.flatMap((e) => e.items).find((item) => item.type === "replay_recording"),
    );
    expect(recording.raw).toContain('"type":');

    // The drop list (SPEC §8): errors nobody can act on are never sent; the next one is.
    await page.evaluate(() => {
      for (const error of [new TypeError("Failed to fetch"), new Error("Network Error")]) {
        setTimeout(() => {
          throw error;
        });
      }
      setTimeout(() => {
        throw new Error("after the drop list");
      }, 50);
    });
    await arrives("the error after the drop list", () =>
      sentry.events.find((e) => e.exception?.values[0].value.includes("after the drop list")),
    );
    const values = sentry.events.map((e) => e.exception?.values[0].value ?? "");
    expect(values.filter((v) => /Failed to fetch|Network Error/.test(v))).toEqual([]);

    // An OPML import from Settings: its product event says how many feeds, never which.
    feeds.serve("/imported.xml", rssFeed("Imported", [{ guid: "i-1", title: "Imported one" }]));
    const opml = `<?xml version="1.0"?><opml version="1.0"><body><outline type="rss" text="Imported" xmlUrl="${feeds.baseUrl}/imported.xml"/></body></opml>`;
    await page.goto(`${server.localUrl}/settings/data-control`);
    await page.getByTestId("opml-import-open").click();
    const opmlDialog = page.getByTestId("opml-import-dialog");
    await opmlDialog
      .getByTestId("opml-file")
      .setInputFiles({ name: "mine.opml", mimeType: "text/xml", buffer: Buffer.from(opml) });
    await opmlDialog.getByTestId("opml-start").click();
    const imported = await captured("opml_imported");
    expect(imported.properties.feeds).toBe(1);
    expect(JSON.stringify(imported)).not.toContain("imported.xml");

    // The route error page: its error is reported under the trace id it shows (and the issue).
    await page.goto(`${server.localUrl}/timeline/view-0/all/pending?__throw=1`);
    await page.getByTestId("route-error-page").waitFor();
    const shownTraceId = (await page.getByTestId("error-trace-id").textContent())!.trim();
    const issue = await page.getByTestId("error-submit-issue").getAttribute("href");
    expect(new URL(issue!).searchParams.get("body")).toContain(shownTraceId);
    const routeEvent = await arrives("the route error page's report", () =>
      sentry.events.find((e) => e.tags?.trace_id === shownTraceId),
    );
    expect(routeEvent.exception.values[0].value).toContain("Test route error");

    // A server error: a table gone from under the server.
    const sqlite = new Database(join(server.dataDir, "follow.sqlite"));
    sqlite.exec("ALTER TABLE subscription RENAME TO subscription_gone");
    sqlite.close();
    const client = new TestClient(server.localUrl);
    await client.signIn(email, PASSWORD);
    const failed = await client.request("GET", "/api/categories");
    expect(failed.status).toBe(500);
    const traceId = failed.headers.get("x-trace-id")!;
    const serverEvent = await arrives("the server error's report", () =>
      sentry.events.find((e) => e.tags?.trace_id === traceId),
    );
    expect(serverEvent.platform).toBe("node");
    expect(serverEvent.release).toBe("follow@e2e");

    // The short list of product events and nothing else (PostHog's identity calls aside).
    const allowed = [
      "sign_up_completed",
      "first_subscription",
      "first_entry_read",
      "opml_imported",
      "search_used",
      "offline_replay",
    ];
    const names = analytics.at("/capture/").map((body) => body.event as string);
    expect(names.filter((n) => !allowed.includes(n) && !n.startsWith("$"))).toEqual([]);
    const measured = analytics
      .at("/mp/collect")
      .flatMap((body) => body.events.map((e: { name: string }) => e.name));
    expect(measured.filter((n: string) => !allowed.includes(n))).toEqual([]);

    const everything = [
      ...sentry.envelopes.flatMap((e) => e.items.map((i) => i.raw)),
      ...analytics.received.map((r) => r.raw),
    ].join("\n");
    for (const secret of [email, PASSWORD, SECRET_TITLE, SECRET_BODY]) {
      expect(everything).not.toContain(secret);
    }
    for (const cookie of (await watch.context.cookies()).map((c) => c.value)) {
      if (cookie.length > 8) expect(everything).not.toContain(cookie);
    }
  }, 240_000);
});
