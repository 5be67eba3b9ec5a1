import { afterEach, describe, expect, it, vi } from "vitest";
import { onControlEvent, openCommandPalette, openShortcutsDialog } from "./bus.ts";

const tick = () => new Promise<void>((resolve) => queueMicrotask(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe("control events", () => {
  it("reach the listeners there", () => {
    const heard: string[] = [];
    const stop = onControlEvent("command-palette", () => heard.push("palette"));
    openCommandPalette();
    openCommandPalette();
    expect(heard).toEqual(["palette", "palette"]);
    stop();
  });

  it("one sent before anyone listens opens what mounts just after, once", async () => {
    openShortcutsDialog();
    // A remount's first subscription, undone at once, does not take it.
    const first: string[] = [];
    onControlEvent("shortcuts-dialog", () => first.push("first"))();
    const heard: string[] = [];
    const stop = onControlEvent("shortcuts-dialog", () => heard.push("dialog"));
    await tick();
    expect(first).toEqual([]);
    expect(heard).toEqual(["dialog"]);
    stop();
    const later: string[] = [];
    const stopLater = onControlEvent("shortcuts-dialog", () => later.push("again"));
    await tick();
    expect(later).toEqual([]);
    stopLater();
  });

  it("an unheard one older than 10 s is dropped", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    openCommandPalette();
    vi.setSystemTime(Date.now() + 10_001);
    const heard: string[] = [];
    const stop = onControlEvent("command-palette", () => heard.push("palette"));
    await tick();
    expect(heard).toEqual([]);
    stop();
  });
});
