import { SESSION_TRACE_STORAGE_KEY } from "./trace-id.ts";

/** Our keys in sessionStorage start with this; other scripts' keys are left alone. */
const OWN_SESSION_PREFIX = "follow:";

/**
 * "Reset Local Database" on the error page: forgets everything this origin stored in the
 * browser (localStorage, our sessionStorage keys, IndexedDB, the OPFS root where the local
 * database lives). The session cookie is the server's, so the user stays signed in.
 */
export async function resetLocalData(): Promise<void> {
  clearStorage(
    () => localStorage,
    () => true,
  );
  // The tab's trace id survives, so a report after the reset still matches this tab's logs.
  clearStorage(
    () => sessionStorage,
    (key) => key.startsWith(OWN_SESSION_PREFIX) && key !== SESSION_TRACE_STORAGE_KEY,
  );
  await Promise.allSettled([clearIndexedDb(), clearOpfs()]);
}

function clearStorage(storage: () => Storage, shouldRemove: (key: string) => boolean): void {
  try {
    const store = storage();
    const keys = Array.from({ length: store.length }, (_, index) => store.key(index));
    for (const key of keys) if (key !== null && shouldRemove(key)) store.removeItem(key);
  } catch {
    // Storage disabled: nothing stored there to clear.
  }
}

async function clearIndexedDb(): Promise<void> {
  if (typeof indexedDB === "undefined" || typeof indexedDB.databases !== "function") return;
  const databases = await indexedDB.databases();
  await Promise.all(
    databases.map(
      ({ name }) =>
        new Promise<void>((resolve) => {
          if (!name) return resolve();
          const request = indexedDB.deleteDatabase(name);
          // A blocked delete finishes once other tabs close the database; don't wait for that.
          request.onsuccess = request.onerror = request.onblocked = () => resolve();
        }),
    ),
  );
}

async function clearOpfs(): Promise<void> {
  if (typeof navigator === "undefined" || !navigator.storage?.getDirectory) return;
  const root = await navigator.storage.getDirectory();
  const names: string[] = [];
  for await (const name of (root as unknown as { keys(): AsyncIterable<string> }).keys()) {
    names.push(name);
  }
  await Promise.allSettled(names.map((name) => root.removeEntry(name, { recursive: true })));
}
