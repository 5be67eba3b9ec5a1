import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "vite";
import type { TestProject } from "vitest/node";

/** Builds the real client once for the end-to-end run, into a directory of its own. */
export default async function setup(project: TestProject) {
  const outDir = mkdtempSync(join(tmpdir(), "follow-e2e-client-"));
  // The runner sets NODE_ENV=test, which would bundle React's development build: test what
  // users get instead.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({ logLevel: "warn", build: { outDir, emptyOutDir: true, sourcemap: false } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  project.provide("clientDistDir", outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    clientDistDir: string;
  }
}
