import { describe, expect, it } from "vitest";
import en from "../../locales/en/commands.json";
import ja from "../../locales/ja/commands.json";
import zhCN from "../../locales/zh-CN/commands.json";
import zhTW from "../../locales/zh-TW/commands.json";
import { commandInfo, commandInfoList, isCommandName } from "./catalog.ts";
import { commandList, commands, findCommand } from "./registry.ts";

type Tree = { [key: string]: string | Tree };
const catalogues: Record<string, Tree> = { en, ja, "zh-CN": zhCN, "zh-TW": zhTW };

function lookup(tree: Tree, path: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

function keys(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("command registry", () => {
  it("declares every command once, under its own name", () => {
    const names = commandList.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const command of commandList) expect(findCommand(command.name)).toBe(command);
    expect(findCommand("entries.nope")).toBeUndefined();
    expect(commands["entries.markRead"].shortcut).toEqual({ keys: "M", scope: "entry-render" });
  });

  it("derives every list from the one declaration of each command", () => {
    // The palette and shortcuts (catalog), dispatch and sync (registry): the same commands,
    // in the same order, each definition carrying its declaration's own functions.
    const names = commandInfoList.map((c) => c.name);
    expect(commandList.map((c) => c.name)).toEqual(names);
    expect(Object.keys(commands)).toEqual(names);
    commandInfoList.forEach((info, index) => {
      const command = commandList[index]!;
      expect(commandInfo(info.name)).toBe(info);
      expect(command.label).toBe(info.label);
      expect(command.shortcut).toBe(info.shortcut);
      expect(command.keywords).toBe(info.keywords);
      expect(command.when).toBe(info.when);
      expect(command.fromContext).toBe(info.fromContext);
      expect(command.prompt).toBe(info.prompt);
      expect(command.onRun).toBe(info.onRun);
    });
    expect(isCommandName("entries.markRead")).toBe(true);
    expect(isCommandName("entries.nope")).toBe(false);
  });

  it("has a label in every language for every command", () => {
    for (const command of commandList) {
      expect(command.label).toBe(`commands:${command.name}`);
      for (const [language, catalogue] of Object.entries(catalogues)) {
        expect(lookup(catalogue, command.name), `${language} ${command.name}`).toBeTruthy();
      }
    }
  });

  it("translates every key, keeping the placeholders", () => {
    const english = keys(en).sort();
    for (const [language, catalogue] of Object.entries(catalogues)) {
      expect(keys(catalogue).sort(), language).toEqual(english);
      if (language === "en") continue;
      for (const key of english) {
        const text = lookup(catalogue, key)!;
        expect(text, `${language} ${key}`).not.toBe(lookup(en, key));
        expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(lookup(en, key)!));
      }
    }
  });

  it("offers commands by context through `when`", () => {
    const reading = { entryId: "1", entryRead: false, entryStarred: false };
    expect(commands["entries.markRead"].when?.(reading)).toBe(true);
    expect(commands["entries.markUnread"].when?.(reading)).toBe(false);
    expect(commands["collections.star"].when?.(reading)).toBe(true);
    expect(commands["collections.unstar"].when?.({ ...reading, entryStarred: true })).toBe(true);
  });

  it("is pure: the same payload and meta give the same events", () => {
    const meta = { commandId: "c1", issuedAt: "2026-06-01T00:00:00.000Z" };
    const payload = { entryId: "1800000000000000001" };
    expect(commands["collections.star"].apply(payload, meta)).toEqual(
      commands["collections.star"].apply(payload, meta),
    );
    expect(commands["entries.markAllRead"].apply({ startTime: 0 }, meta)).toEqual([
      { name: "AllEntriesMarkedRead", data: { startTime: "1970-01-01T00:00:00.000Z" } },
    ]);
  });
});
