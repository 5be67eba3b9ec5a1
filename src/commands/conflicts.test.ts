import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { commandInfoList } from "./catalog.ts";
import { commandList } from "./registry.ts";
import { CONFLICT_RULES, commandInfo } from "./types.ts";

const README = new URL("../../README.md", import.meta.url);
const START = "<!-- conflict rules: generated from the command declarations -->";
const END = "<!-- end of conflict rules -->";

/** The README's table of conflict rules, as the declarations state them. */
function conflictTable(): string {
  const rows = [...commandInfoList]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(({ name, conflict }) => `| \`${name}\` | ${conflict.rule} | ${conflict.because ?? ""} |`);
  return [START, "| Command | Rule | Why |", "| --- | --- | --- |", ...rows, END].join("\n");
}

describe("conflict rules", () => {
  it("are declared by every registered command, from the closed set, with one short line", () => {
    expect(commandList.length).toBeGreaterThan(0);
    for (const command of commandList) {
      expect(CONFLICT_RULES, command.name).toContain(command.conflict.rule);
      const { because } = command.conflict;
      if (because === undefined) continue;
      expect(because.trim().length, command.name).toBeGreaterThan(0);
      expect(because, command.name).not.toContain("\n");
      expect(because.length, command.name).toBeLessThanOrEqual(130);
    }
  });

  it("cannot be left out of a declaration", () => {
    const declare = () =>
      // @ts-expect-error: `conflict` is required.
      commandInfo({ name: "example.noRule", fromContext: () => ({}) });
    expect(declare().label).toBe("commands:example.noRule");
  });

  it("are the README's table (regenerate it from this test's expectation when they change)", () => {
    const readme = readFileSync(README, "utf8");
    const start = readme.indexOf(START);
    const end = readme.indexOf(END);
    expect(start, "the README has the table's markers").toBeGreaterThan(-1);
    expect(readme.slice(start, end + END.length)).toBe(conflictTable());
  });
});
