import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The desktop bundles build without the Electron binary (not downloadable here, nor in CI):
 * electron-vite only needs the `electron` package's version. Builds into out/ as `npm run
 * build:desktop` does, then reads what a packaged app would run.
 */
const ROOT = resolve(import.meta.dirname, "..");

describe("electron-vite build of the main process and preload", () => {
  it("builds main (ESM) and a single-file sandboxed preload (CJS) that only requires electron", () => {
    execFileSync(
      process.execPath,
      [join(ROOT, "node_modules/electron-vite/bin/electron-vite.js"), "build"],
      {
        cwd: ROOT,
        env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: "1" },
        stdio: "pipe",
      },
    );
    const preload = readFileSync(join(ROOT, "out/preload/preload.cjs"), "utf8");
    expect([...preload.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1])).toEqual(["electron"]);
    expect(preload).toContain('exposeInMainWorld("electron"');
    expect(preload).toContain("desktop:save-to-obsidian");

    const main = readFileSync(join(ROOT, "out/main/main.js"), "utf8");
    expect(main).toMatch(/^import \{[^}]*BrowserWindow[^}]*\} from "electron";$/m);
    for (const setting of ["contextIsolation: true", "sandbox: true", "nodeIntegration: false"]) {
      expect(main).toContain(setting);
    }
    expect(main).toContain("preload.cjs");
  }, 60_000);
});
