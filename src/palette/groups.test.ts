import { describe, expect, it } from "vitest";
import { type CatalogEntry, commandInfoList } from "../commands/catalog.ts";
import { ALL_SHORTCUT_ACTIONS } from "../shortcuts/registry.ts";
import { PALETTE_GROUPS, paletteGroups } from "./items.ts";

const domainOf = (name: string) => name.slice(0, name.indexOf("."));

describe("palette sections", () => {
  it("has a section for every registered command's domain", () => {
    for (const command of commandInfoList)
      expect(PALETTE_GROUPS, command.name).toContain(domainOf(command.name));
    expect(PALETTE_GROUPS).toContain("savedSearches");
  });

  it("lists each section once, the pages first and general last", () => {
    expect(new Set(PALETTE_GROUPS).size).toBe(PALETTE_GROUPS.length);
    expect(PALETTE_GROUPS[0]).toBe("navigation");
    expect(PALETTE_GROUPS.at(-1)).toBe("general");
  });

  it("has a section for every shortcut action the palette offers", () => {
    const groups = new Set(PALETTE_GROUPS);
    expect(ALL_SHORTCUT_ACTIONS.some((action) => action.palette)).toBe(true);
    for (const group of ["entries", "subscriptions", "timeline", "layout", "theme", "general"])
      expect(groups, group).toContain(group);
  });

  it("gives a newly declared command domain its own section", () => {
    const added = { ...commandInfoList[0]!, name: "bookmarks.add" } as unknown as CatalogEntry;
    const groups = paletteGroups([...commandInfoList, added]) as string[];
    expect(groups).toContain("bookmarks");
    expect(groups.indexOf("bookmarks")).toBeLessThan(groups.indexOf("general"));
  });
});
