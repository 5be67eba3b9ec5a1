import { createRequire } from "node:module";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  COMMON_PASSWORDS_KEPT_MS,
  commonPasswordsLoaded,
  passwordRefusal,
} from "./common-passwords.ts";

const heldModules = () =>
  Object.keys(createRequire(import.meta.url).cache).filter((key) => key.includes("@zxcvbn-ts"));

describe("the common-password list", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("refuses a listed password whatever its case and spaces, and accepts an unlisted one", async () => {
    expect(await passwordRefusal(" Password123 ", "en")).toMatch(/common/i);
    expect(await passwordRefusal("iloveyou123", "en")).toMatch(/common/i);
    expect(await passwordRefusal("quartz-Lantern-9-vessel", "en")).toBeUndefined();
  });

  it("keeps none of the package's modules once read, and lets the list go after a while unused", async () => {
    vi.useFakeTimers();
    expect(await passwordRefusal("football123", "en")).toMatch(/common/i);
    expect(heldModules()).toEqual([]);
    expect(commonPasswordsLoaded()).toBe(true);
    vi.advanceTimersByTime(COMMON_PASSWORDS_KEPT_MS - 1_000);
    // A use restarts the wait.
    await passwordRefusal("another-Fine-passphrase-7", "en");
    vi.advanceTimersByTime(COMMON_PASSWORDS_KEPT_MS - 1_000);
    expect(commonPasswordsLoaded()).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(commonPasswordsLoaded()).toBe(false);
    // Read again on the next use.
    expect(await passwordRefusal("football123", "en")).toMatch(/common/i);
    expect(commonPasswordsLoaded()).toBe(true);
  });
});
