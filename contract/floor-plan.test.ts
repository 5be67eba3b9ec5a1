import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import {
  described,
  importEdges,
  ROOT,
  sourceFiles,
  topFolderOf,
} from "../tests/support/import-graph.ts";

/**
 * contract/ is what the client, the server and the desktop shell share (DESIGN.md "Layout we
 * aim for"): it imports libraries and itself only, nothing of any side, so every side can
 * import it without pulling another side in.
 */
const CONTRACT = join(ROOT, "contract");

const files = sourceFiles(CONTRACT);
const edges = importEdges(files, (path) =>
  relative(CONTRACT, path).startsWith("..") ? topFolderOf(path) : "contract",
);

describe("contract floor plan", () => {
  it("reads the files it checks", () => {
    expect(files.some((file) => file.endsWith(join("contract", "errors.ts")))).toBe(true);
  });

  it("imports nothing of the app", () => {
    expect(described(edges)).toEqual([]);
  });
});
