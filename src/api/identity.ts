/**
 * The client id (stable per browser) and session id (one per tab) sent with every request.
 * Storage can be missing or throw (private mode, sandboxed frames, Node), so each id
 * falls back to one kept in memory for the life of the page.
 */
export const CLIENT_ID_KEY = "follow:client-id";
export const SESSION_ID_KEY = "follow:session-id";

type IdStorage = Pick<Storage, "getItem" | "setItem">;

const memory = new Map<string, string>();

export function clientId(): string {
  return persistentId(CLIENT_ID_KEY, () => globalThis.localStorage);
}

export function sessionId(): string {
  return persistentId(SESSION_ID_KEY, () => globalThis.sessionStorage);
}

/** Reads the id under `key`, creating and storing one the first time. */
export function persistentId(key: string, storage: () => IdStorage | undefined): string {
  try {
    const store = storage();
    if (store) {
      const existing = store.getItem(key);
      if (existing) return existing;
      const id = memory.get(key) ?? randomId();
      store.setItem(key, id);
      memory.set(key, id);
      return id;
    }
  } catch {
    // Storage refused: keep the id in memory instead.
  }
  let id = memory.get(key);
  if (!id) {
    id = randomId();
    memory.set(key, id);
  }
  return id;
}

/** A v4 UUID; crypto.randomUUID exists only in secure contexts, so build one otherwise. */
export function randomId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
