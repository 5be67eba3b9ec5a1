import { afterEach, describe, expect, it, vi } from "vitest";
import { registerServiceWorker } from "./service-worker.ts";

/** A window with just what registration touches: a loaded document and a service worker API. */
function fakeWindow() {
  const listeners = new Map<string, () => void>();
  const update = vi.fn(() => Promise.resolve());
  const register = vi.fn(() => Promise.resolve({ update }));
  const document = {
    readyState: "complete",
    visibilityState: "visible",
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
  };
  const target = {
    document,
    navigator: { serviceWorker: { register } },
    addEventListener: vi.fn(),
  } as unknown as Window;
  const show = () => listeners.get("visibilitychange")?.();
  return { target, register, update, document, show };
}

describe("registerServiceWorker", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.useRealTimers();
  });

  it("registers /sw.js in production builds only", async () => {
    const dev = fakeWindow();
    registerServiceWorker(dev.target);
    expect(dev.register).not.toHaveBeenCalled();

    vi.stubEnv("MODE", "production");
    const prod = fakeWindow();
    registerServiceWorker(prod.target);
    await vi.waitFor(() => expect(prod.register).toHaveBeenCalledWith("/sw.js", { scope: "/" }));
  });

  it("a tab left open asks for a new build's worker when shown again, at most hourly", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
    vi.stubEnv("MODE", "production");
    const page = fakeWindow();
    registerServiceWorker(page.target);
    await vi.waitFor(() => expect(page.register).toHaveBeenCalled());
    await Promise.resolve();

    page.show();
    expect(page.update).not.toHaveBeenCalled();
    vi.setSystemTime(new Date("2026-01-01T01:00:01Z"));
    page.document.visibilityState = "hidden";
    page.show();
    expect(page.update).not.toHaveBeenCalled();
    page.document.visibilityState = "visible";
    page.show();
    expect(page.update).toHaveBeenCalledTimes(1);
    page.show();
    expect(page.update).toHaveBeenCalledTimes(1);
  });
});
