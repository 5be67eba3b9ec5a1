import fs from "node:fs";
import path from "node:path";

/**
 * Shared test corpora live beside the project (../shared/fixtures, or FOLLOW_FIXTURES_DIR);
 * tests read them in place and never copy them in. Missing corpora fail the tests loudly:
 * a silently skipped corpus would hide a gap.
 */
export const FIXTURES_DIR =
  process.env.FOLLOW_FIXTURES_DIR ?? path.resolve(import.meta.dirname, "../../../shared/fixtures");

export function fixturePath(...parts: string[]): string {
  return path.join(FIXTURES_DIR, ...parts);
}

export function readFixture(...parts: string[]): Buffer {
  return fs.readFileSync(fixturePath(...parts));
}

if (!fs.existsSync(FIXTURES_DIR)) {
  throw new Error(
    `Test fixtures not found at ${FIXTURES_DIR}: put shared/ beside the checkout or set FOLLOW_FIXTURES_DIR`,
  );
}

/** Every file under a corpus folder whose name matches `pattern`, sorted, as absolute paths. */
export function listFixtures(corpus: string, pattern: RegExp): string[] {
  const root = fixturePath(corpus);
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .map((relative) => path.join(root, relative))
    .filter((file) => pattern.test(file) && fs.statSync(file).isFile())
    .sort();
}

/** The path of a fixture relative to its corpus folder, for readable test output. */
export function corpusRelative(file: string): string {
  return path.relative(FIXTURES_DIR, file);
}
