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
 * The desktop shell's floor plan (DESIGN.md "Layout we aim for"): electron/ imports its own
 * files, what contract/ shares and libraries, nothing of the server or the client, so each side
 * can change without breaking the shell. What it shares with them lives in contract/.
 */
const ELECTRON = join(ROOT, "electron");

const edges = importEdges(sourceFiles(ELECTRON), (path) =>
  relative(ELECTRON, path).startsWith("..") ? topFolderOf(path) : "electron",
);

/** Besides itself: contract/, and locales/ (data: the menu's words in each language). */
const ALLOWED = ["contract", "locales"];

describe("desktop shell floor plan", () => {
  it("reads the imports it checks", () => {
    expect(edges.some((e) => e.to === "contract")).toBe(true);
  });

  it("imports only contract/ (and the menu's translations) outside itself", () => {
    expect(described(edges.filter((e) => !ALLOWED.includes(e.to)))).toEqual([]);
  });
});
