import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "vite";
import type { TestProject } from "vitest/node";

/** Builds the real client once for the end-to-end run, into a directory of its own. */
export default async function setup(project: TestProject) {
  const outDir = mkdtempSync(join(tmpdir(), "follow-e2e-client-"));
  await build({ logLevel: "warn", build: { outDir, emptyOutDir: true, sourcemap: false } });
  project.provide("clientDistDir", outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    clientDistDir: string;
  }
}
