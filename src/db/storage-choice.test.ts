import { describe, expect, it } from "vitest";
import {
  chooseStorage,
  IDB_STORAGE_NAME,
  PRESENCE_LOCKS,
  type StorageProbe,
} from "./storage-choice.ts";

/** A profile as the decision sees it. */
function profile(options: {
  opfsApi?: boolean;
  opfsRefused?: boolean;
  files?: Record<string, number>;
  locks?: string[];
  idb?: string[];
}): StorageProbe {
  const files = options.files ?? {};
  const root = {
    async getFileHandle(name: string) {
      const size = files[name];
      if (size === undefined) throw new DOMException("missing", "NotFoundError");
      return { getFile: async () => ({ size }) };
    },
  } as unknown as FileSystemDirectoryHandle;
  return {
    opfsApi: () => options.opfsApi ?? true,
    opfsRoot: async () => (options.opfsRefused ? undefined : root),
    heldLocks: async () => options.locks ?? [],
    idbNames: async () => options.idb ?? [],
  };
}

const choose = (probe: StorageProbe) => chooseStorage("opfs", "follow.db", probe);

describe("where a tab opens follow.db: one storage for the whole profile", () => {
  it("uses IndexedDB only where OPFS is missing or refused by the browser", async () => {
    expect(await choose(profile({ opfsApi: false }))).toMatchObject({
      kind: "idb",
      required: true,
    });
    expect(await choose(profile({ opfsRefused: true }))).toMatchObject({ kind: "idb" });
  });

  it("follows the tabs that have it open, whatever is on disk", async () => {
    const inIdb = profile({ locks: [PRESENCE_LOCKS.idb], files: { "follow.db": 4096 } });
    expect(await choose(inIdb)).toMatchObject({ kind: "idb", required: true });
    const inOpfs = profile({ locks: [PRESENCE_LOCKS.opfs], idb: [IDB_STORAGE_NAME] });
    expect(await choose(inOpfs)).toMatchObject({ kind: "opfs", required: true });
  });

  it("with no tab open, goes where the data is: OPFS first, then an earlier fallback", async () => {
    const both = profile({ files: { "follow.db": 4096 }, idb: [IDB_STORAGE_NAME] });
    expect(await choose(both)).toMatchObject({ kind: "opfs", required: true });
    const fellBack = profile({ files: { "follow.db": 0 }, idb: [IDB_STORAGE_NAME] });
    expect(await choose(fellBack)).toMatchObject({ kind: "idb", required: true });
  });

  it("tries OPFS for a new profile, which alone may still give it up", async () => {
    expect(await choose(profile({}))).toEqual({
      kind: "opfs",
      required: false,
      reason: "a new database",
    });
  });

  it("opens IndexedDB when asked (the fallback's own tests)", async () => {
    expect(await chooseStorage("idb", "follow.db", profile({}))).toMatchObject({ kind: "idb" });
  });
});
