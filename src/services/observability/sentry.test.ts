import { beforeEach, describe, expect, it, vi } from "vitest";
import { DROPPED_ERRORS } from "../../../contract/observability/scrub.ts";

// The SDK stands in: what matters is what the app asks of it.
const sdk = vi.hoisted(() => ({
  init: vi.fn(),
  setTag: vi.fn(),
  captureException: vi.fn(),
  browserTracingIntegration: vi.fn(() => ({ name: "BrowserTracing" })),
  replayIntegration: vi.fn((options: unknown) => ({ name: "Replay", options })),
}));
vi.mock("@sentry/react", () => sdk);

const { captureWithTrace, initSentry } = await import("./sentry.ts");

// biome-ignore lint/suspicious/noExplicitAny: the SDK's options, read back.
type Options = any;

describe("the client's error reporter", () => {
  let options: Options;
  beforeEach(() => {
    sdk.init.mockClear();
    initSentry(
      { dsn: "http://key@127.0.0.1:9/1", release: "follow@1", environment: "stable" },
      "session-trace",
    );
    options = sdk.init.mock.calls[0]![0];
  });

  it("uses the sample rates of SPEC §9 and the drop list of §8", () => {
    expect(options).toMatchObject({
      dsn: "http://key@127.0.0.1:9/1",
      release: "follow@1",
      environment: "stable",
      tracesSampleRate: 1,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
      ignoreErrors: DROPPED_ERRORS,
    });
    expect(sdk.replayIntegration).toHaveBeenCalledWith({
      maskAllText: true,
      maskAllInputs: true,
      blockAllMedia: true,
    });
  });

  it("drops listed errors, aborts and API errors; tags and scrubs the rest", () => {
    const send = (error: Error, event: Options = {}) =>
      options.beforeSend(event, { originalException: error });
    expect(send(new TypeError("Failed to fetch"))).toBeNull();
    expect(send(Object.assign(new Error("x"), { name: "AbortError" }))).toBeNull();
    expect(send(Object.assign(new Error("401"), { name: "FetchError" }))).toBeNull();

    const error = new Error("boom");
    captureWithTrace(error, "error-trace");
    const sent = send(error, { message: "boom for ada@example.org" });
    expect(sent.tags).toEqual({ session_trace_id: "session-trace", trace_id: "error-trace" });
    expect(sent.message).not.toContain("ada@example.org");
  });

  it("keeps navigation and click breadcrumbs only", () => {
    expect(options.beforeBreadcrumb({ category: "navigation" })).not.toBeNull();
    expect(options.beforeBreadcrumb({ category: "ui.click" })).not.toBeNull();
    expect(options.beforeBreadcrumb({ category: "console" })).toBeNull();
    expect(options.beforeBreadcrumb({ category: "fetch" })).toBeNull();
  });
});
