import { describe, expect, it, vi } from "vitest";
import { createAnalytics, MISSING_ID_MESSAGE } from "./analytics.ts";

function harness(options: { allowed?: () => boolean; failures?: number } = {}) {
  // biome-ignore lint/suspicious/noExplicitAny: the bodies are arbitrary JSON.
  const sent: { url: string; body: any }[] = [];
  const waits: number[] = [];
  const critical: string[] = [];
  let failures = options.failures ?? 0;
  const analytics = createAnalytics({
    host: "http://analytics.test",
    key: "project-key",
    allowed: options.allowed ?? (() => true),
    fetch: (async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      if (failures > 0) {
        failures--;
        return new Response(null, { status: 503 });
      }
      return new Response("{}", { status: 200 });
    }) as typeof fetch,
    sleep: async (ms) => {
      waits.push(ms);
    },
    critical: (message) => critical.push(message),
    now: () => 1_700_000_000_000,
  });
  return { analytics, sent, waits, critical };
}

describe("analytics", () => {
  it("sends the measurement payload: client and user ids, session id, 1000 ms engagement", async () => {
    const { analytics, sent } = harness();
    await analytics.identify("user-42", { plan: "free" });
    await analytics.capture("search_used", { scope: "entries" });
    const measurement = sent.filter((s) => s.url.startsWith("http://analytics.test/mp/collect"));
    const event = measurement.at(-1)!.body;
    expect(event.client_id).toBeTruthy();
    expect(event.user_id).toBe("user-42");
    expect(event.events).toEqual([
      {
        name: "search_used",
        params: { scope: "entries", session_id: "1700000000000", engagement_time_msec: 1000 },
      },
    ]);
    const properties = measurement.find((s) => s.body.events.length === 0)!.body;
    expect(properties.user_properties).toEqual({ plan: { value: "free" } });
    // Every event carries the person's properties, each as { value }.
    expect(event.user_properties).toEqual({ plan: { value: "free" } });
    // PostHog's own events ($identify) never reach the measurement endpoint.
    expect(measurement.flatMap((s) => s.body.events.map((e: { name: string }) => e.name))).toEqual([
      "search_used",
    ]);
  });

  it("retries a failed send twice, waiting 1 s then 2 s", async () => {
    const { analytics, sent, waits } = harness({ failures: 10 });
    await analytics.capture("opml_imported");
    expect(sent.filter((s) => s.url.endsWith("/capture/"))).toHaveLength(3);
    // Each of the two sends (capture, measurement) waits 1 s, then 2 s.
    expect(waits.sort()).toEqual([1000, 1000, 2000, 2000]);
  });

  it("refuses identify without an id or with a sentinel id, with a critical log", async () => {
    const { analytics, sent, critical } = harness();
    await analytics.identify(undefined);
    await analytics.identify("undefined");
    expect(critical).toHaveLength(2);
    expect(critical[0]).toBe(MISSING_ID_MESSAGE);
    expect(sent).toEqual([]);
    expect(analytics.state).toBe("anonymous");
  });

  it("goes anonymous → identified → anonymous (reset) under a new anonymous id", async () => {
    const { analytics, sent } = harness();
    const anonymous = analytics.distinctId;
    await analytics.identify("user-7");
    expect(analytics.state).toBe("identified");
    const identify = sent.find((s) => s.body.event === "$identify")!.body;
    expect(identify.distinct_id).toBe("user-7");
    expect(identify.properties.$anon_distinct_id).toBe(anonymous);
    analytics.reset();
    expect(analytics.state).toBe("anonymous");
    expect(analytics.distinctId).not.toBe(anonymous);
  });

  it("skips an alias to itself and a repeated property set", async () => {
    const { analytics, sent } = harness();
    await analytics.identify("user-9");
    const before = sent.length;
    await analytics.alias("user-9");
    await analytics.setPersonProperties({});
    await analytics.setPersonProperties({ language: "en" });
    await analytics.setPersonProperties({ language: "en" });
    expect(sent.slice(before).map((s) => s.body.event)).toEqual(["$set", undefined]);
  });

  it("sends nothing while the user does not allow it", async () => {
    let allowed = false;
    const { analytics, sent } = harness({ allowed: () => allowed });
    await analytics.identify("user-1");
    await analytics.capture("search_used");
    expect(sent).toEqual([]);
    allowed = true;
    await analytics.capture("search_used");
    expect(sent.length).toBeGreaterThan(0);
  });

  it("flags navigation from popstate for 1200 ms, on the events sent meanwhile", async () => {
    vi.useFakeTimers();
    try {
      const { analytics, sent } = harness();
      expect(analytics.fromPopstate).toBe(false);
      analytics.notePopstate();
      vi.advanceTimersByTime(1199);
      expect(analytics.fromPopstate).toBe(true);
      await analytics.capture("search_used");
      vi.advanceTimersByTime(1);
      expect(analytics.fromPopstate).toBe(false);
      await analytics.capture("search_used");
      const flags = sent
        .filter((s) => s.url.endsWith("/capture/"))
        .map((s) => s.body.properties.from_popstate);
      expect(flags).toEqual([true, undefined]);
    } finally {
      vi.useRealTimers();
    }
  });
});
