import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LICENSES_FILE, LOCK_FILE, licensesFromLock } from "../../../../scripts/licenses.ts";

describe("licences shown in Settings › About", () => {
  it("match the lock file (run `node scripts/licenses.ts` after changing dependencies)", () => {
    const fromLock = licensesFromLock(readFileSync(LOCK_FILE, "utf8"));
    const committed = JSON.parse(readFileSync(LICENSES_FILE, "utf8"));
    expect(committed).toEqual(fromLock);
    expect(fromLock.length).toBeGreaterThan(50);
  });

  it("lists shipped packages only, once per version", () => {
    const lock = JSON.stringify({
      packages: {
        "": { name: "follow" },
        "node_modules/a": { version: "1.0.0", license: "MIT" },
        "node_modules/b/node_modules/a": { version: "2.0.0", license: "ISC" },
        "node_modules/c/node_modules/a": { version: "2.0.0", license: "ISC" },
        "node_modules/dev-only": { version: "1.0.0", license: "MIT", dev: true },
        "node_modules/@s/x": { version: "3.0.0" },
      },
    });
    expect(licensesFromLock(lock)).toEqual([
      { name: "@s/x", version: "3.0.0", license: "UNKNOWN" },
      { name: "a", version: "1.0.0", license: "MIT" },
      { name: "a", version: "2.0.0", license: "ISC" },
    ]);
  });
});
