import { afterEach, describe, expect, it, vi } from "vitest";
import { startAnalytics } from "./start-analytics.ts";

const scope = globalThis as unknown as {
  addEventListener?: (type: string, listener: () => void) => void;
  removeEventListener?: (type: string, listener: () => void) => void;
};

afterEach(() => {
  delete scope.addEventListener;
  delete scope.removeEventListener;
  vi.unstubAllGlobals();
});

describe("startAnalytics", () => {
  it("keeps one back/forward listener however often it starts (sign out, sign in)", async () => {
    const listeners = new Set<() => void>();
    scope.addEventListener = (type, listener) => {
      if (type === "popstate") listeners.add(listener);
    };
    scope.removeEventListener = (type, listener) => {
      if (type === "popstate") listeners.delete(listener);
    };
    const fetch = vi.fn(async () => new Response("{}"));
    vi.stubGlobal("fetch", fetch);
    const settings = { host: "http://127.0.0.1:9", key: "k" };
    for (const user of ["u1", "u2", "u3"]) await startAnalytics(settings, user, () => false);
    expect(listeners.size).toBe(1);
    // Not allowed: nothing was sent.
    expect(fetch).not.toHaveBeenCalled();
  });
});
