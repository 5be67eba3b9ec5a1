import { afterEach, describe, expect, it, vi } from "vitest";
import { CLIENT_ID_KEY, persistentId, randomId, SESSION_ID_KEY } from "./identity.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("persistentId", () => {
  it("creates an id once, stores it under its key and returns it afterwards", () => {
    const storage = memoryStorage();
    const first = persistentId("test:a", () => storage);
    expect(first).toMatch(UUID);
    expect(storage.items.get("test:a")).toBe(first);
    expect(persistentId("test:a", () => storage)).toBe(first);
  });

  it("returns what the storage already holds", () => {
    const storage = memoryStorage();
    storage.setItem(CLIENT_ID_KEY, "kept-from-last-visit");
    expect(persistentId(CLIENT_ID_KEY, () => storage)).toBe("kept-from-last-visit");
  });

  it("falls back to memory when storage is missing or throws", () => {
    const missing = persistentId("test:b", () => undefined);
    expect(missing).toMatch(UUID);
    expect(persistentId("test:b", () => undefined)).toBe(missing);
    const refusing = () => {
      throw new DOMException("denied", "SecurityError");
    };
    expect(persistentId("test:b", refusing)).toBe(missing);
  });

  it("keeps one id when storage cannot be written", () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    const id = persistentId("test:c", () => full);
    expect(persistentId("test:c", () => full)).toBe(id);
  });

  it("uses different keys for the client and the session", () => {
    expect(CLIENT_ID_KEY).toBe("follow:client-id");
    expect(SESSION_ID_KEY).toBe("follow:session-id");
  });
});

describe("randomId", () => {
  it("builds a v4 UUID without crypto.randomUUID (insecure contexts)", () => {
    const real = globalThis.crypto;
    vi.stubGlobal("crypto", { getRandomValues: real.getRandomValues.bind(real) });
    const ids = new Set(Array.from({ length: 200 }, randomId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(UUID);
  });
});
