import { describe, expect, it } from "vitest";
import { claimReload, type FlagStorage, RELOAD_FLAG_KEY } from "./reload-guard.ts";

function memoryStorage(): FlagStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

describe("reload guard", () => {
  it("allows exactly one reload per session", () => {
    const storage = memoryStorage();
    expect(claimReload(storage, 1)).toBe(true);
    expect(storage.data.get(RELOAD_FLAG_KEY)).toBe("1");
    expect(claimReload(storage, 2)).toBe(false);
    expect(claimReload(storage, 3)).toBe(false);
  });

  it("never reloads without working storage", () => {
    expect(claimReload(undefined, 1)).toBe(false);
    const broken: FlagStorage = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {},
    };
    expect(claimReload(broken, 1)).toBe(false);
  });
});
