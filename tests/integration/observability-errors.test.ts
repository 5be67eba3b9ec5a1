import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DROPPED_ERRORS } from "../../contract/observability/scrub.ts";
import { createLogger } from "../../server/logger.ts";
import { startErrorReporter } from "../../server/observability/error-reporter.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { SentryReceiver } from "../support/sentry-receiver.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

/**
 * The server's unexpected errors reach a Sentry-compatible endpoint (a local receiver speaking
 * the envelope format) under the trace id the answer carries, with nothing private in them.
 */
describe("server error reports", () => {
  const receiver = new SentryReceiver();
  let server: TestServer;
  let alice: TestClient;
  let email: string;

  beforeAll(async () => {
    await receiver.start();
    server = await startTestServer("sqlite", {
      SENTRY_DSN: receiver.dsn,
      SENTRY_RELEASE: "follow@test",
    });
    email = uniqueEmail("reported");
    alice = new TestClient(server.localUrl);
    await alice.signUp(email);
  });
  afterAll(async () => {
    await server?.close();
    await receiver.stop();
  });

  it("reports an unexpected error with its trace id, release and route, scrubbed", async () => {
    // A table gone from under the server: the next read of it fails unexpectedly (500).
    const sqlite = new Database(join(server.dataDir, "follow.sqlite"));
    sqlite.exec("ALTER TABLE subscription RENAME TO subscription_gone");
    sqlite.close();
    const answer = await alice.request("GET", "/api/categories", {
      headers: { "x-api-key": "should-never-be-reported-0123456789abcdef" },
    });
    expect(answer.status).toBe(500);
    const traceId = answer.headers.get("x-trace-id")!;
    expect(answer.body.reason).toContain(traceId);

    const event = await receiver.waitFor(() =>
      receiver.events.find((e) => e.tags?.trace_id === traceId),
    );
    expect(event.release).toBe("follow@test");
    expect(event.environment).toBe("stable");
    expect(event.tags.route).toMatch(/^categories\./);
    expect(event.contexts.trace.trace_id).toBe(traceId.replaceAll("-", ""));
    expect(event.exception.values[0].value).toContain("no such table");

    const everything = receiver.envelopes.flatMap((e) => e.items.map((i) => i.raw)).join("\n");
    expect(everything).not.toContain(email);
    expect(everything).not.toContain("should-never-be-reported");
    for (const cookie of alice.cookieHeader().split("; ")) {
      expect(everything).not.toContain(cookie.slice(cookie.indexOf("=") + 1));
    }
  });

  it("reports no coded error (a refusal is the product working)", async () => {
    const before = receiver.events.length;
    const answer = await alice.request("GET", "/api/entries/read-histories/1234567890123");
    expect(answer.status).toBeLessThan(500);
    await server.close().catch(() => undefined);
    expect(receiver.events.length).toBe(before);
  });
});

describe("server error reports without a release", () => {
  const receiver = new SentryReceiver();
  let server: TestServer;

  beforeAll(async () => {
    await receiver.start();
    server = await startTestServer("sqlite", { SENTRY_DSN: receiver.dsn });
  });
  afterAll(async () => {
    await server?.close();
    await receiver.stop();
  });

  it("sends nothing: the reporter starts only with a release set", async () => {
    const sqlite = new Database(join(server.dataDir, "follow.sqlite"));
    sqlite.exec("ALTER TABLE subscription RENAME TO subscription_gone");
    sqlite.close();
    const alice = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("unreported"));
    expect((await alice.request("GET", "/api/categories")).status).toBe(500);
    await server.close();
    expect(receiver.envelopes).toEqual([]);
  });
});

describe("the server reporter's drop list (SPEC §8)", () => {
  const receiver = new SentryReceiver();

  beforeAll(() => receiver.start());
  afterAll(() => receiver.stop());

  it("sends none of the dropped errors, nor an abort, and sends the one that matters", async () => {
    const reporter = await startErrorReporter(
      { dsn: receiver.dsn, release: "follow@drop-list", environment: "stable" },
      createLogger({ logLevel: "silent" }),
    );
    expect(reporter).not.toBeNull();
    const traceId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
    DROPPED_ERRORS.forEach((message, n) => {
      reporter!.capture(new Error(`${message} while refreshing`), { traceId: traceId(n) });
    });
    const abort = new Error("The operation was aborted");
    abort.name = "AbortError";
    reporter!.capture(abort, { traceId: traceId(90) });
    reporter!.capture(new Error("kept: a real failure"), { traceId: traceId(99) });
    await reporter!.flush();
    const kept = await receiver.waitFor(() =>
      receiver.events.find((e) => e.tags?.trace_id === traceId(99)),
    );
    expect(kept.exception.values[0].value).toContain("kept: a real failure");
    await reporter!.close();
    expect(receiver.events.map((e) => e.tags?.trace_id)).toEqual([traceId(99)]);
  });
});
