import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { bundledServerSecret } from "./auth-secret.ts";

describe("bundled server secret", () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "follow-secret-"));
    dirs.push(dir);
    return join(dir, "server");
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("makes a long random secret once, readable by the user only, and keeps it", () => {
    const dataDir = freshDir();
    const first = bundledServerSecret(dataDir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dataDir, "auth-secret")).mode & 0o777).toBe(0o600);
    expect(bundledServerSecret(dataDir)).toBe(first);
    expect(bundledServerSecret(freshDir())).not.toBe(first);
  });

  it("keeps the secret an earlier install wrote", () => {
    const dataDir = freshDir();
    bundledServerSecret(dataDir);
    writeFileSync(join(dataDir, "auth-secret"), "kept-from-before-kept-from-before\n");
    expect(bundledServerSecret(dataDir)).toBe("kept-from-before-kept-from-before");
    expect(readFileSync(join(dataDir, "auth-secret"), "utf8")).toContain("kept-from-before");
  });
});
