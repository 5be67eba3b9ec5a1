/**
 * Writes src/views/settings/about/licenses.json, the licences of the packages the app ships
 * (the lock file's non-development packages), for Settings › About. Run after changing
 * dependencies: `node scripts/licenses.ts` (a unit test fails while the file is out of date).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export interface LicenseEntry {
  name: string;
  version: string;
  license: string;
}

interface LockPackage {
  version?: string;
  license?: string;
  dev?: boolean;
  devOptional?: boolean;
  link?: boolean;
}

/** The shipped packages of a package-lock.json (v2/v3), one entry per name and version. */
export function licensesFromLock(lockText: string): LicenseEntry[] {
  const lock = JSON.parse(lockText) as { packages: Record<string, LockPackage> };
  const seen = new Map<string, LicenseEntry>();
  for (const [path, info] of Object.entries(lock.packages)) {
    if (!path || info.dev || info.devOptional || info.link || !info.version) continue;
    const name = path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);
    const entry = { name, version: info.version, license: info.license ?? "UNKNOWN" };
    seen.set(`${name}@${info.version}`, entry);
  }
  return [...seen.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version),
  );
}

export const LICENSES_FILE = new URL("../src/views/settings/about/licenses.json", import.meta.url);
export const LOCK_FILE = new URL("../package-lock.json", import.meta.url);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const entries = licensesFromLock(readFileSync(LOCK_FILE, "utf8"));
  writeFileSync(LICENSES_FILE, `${JSON.stringify(entries, null, 2)}\n`);
  console.log(`${entries.length} packages written to ${fileURLToPath(LICENSES_FILE)}`);
}
