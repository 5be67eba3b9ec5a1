import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

/** The placeholder in public/sw.js that names the app-shell cache. */
export const BUILD_VERSION_PLACEHOLDER = "__FOLLOW_BUILD_VERSION__";

/**
 * Stamps the copied sw.js with a version of this build (a hash of every emitted file name, each
 * carrying its content hash, and of the worker itself), so a new build installs a new worker
 * whose cache replaces the old one, while a rebuild of the same sources changes nothing.
 */
export function serviceWorkerBuildVersion(): Plugin {
  return {
    name: "follow:sw-build-version",
    apply: "build",
    writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const path = join(dir, "sw.js");
      if (!existsSync(path)) return;
      const source = readFileSync(path, "utf8");
      const hash = createHash("sha256");
      for (const name of Object.keys(bundle).sort()) hash.update(`${name}\n`);
      hash.update(source);
      const version = hash.digest("hex").slice(0, 16);
      writeFileSync(path, source.replaceAll(BUILD_VERSION_PLACEHOLDER, version));
    },
  };
}
