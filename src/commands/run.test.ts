import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { Schema } from "effect";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type CommandName, commandInfoList, type InputOf } from "./catalog.ts";
import { type CommandHost, commandHost } from "./host.ts";
import { answerPrompts, type PromptRequest } from "./prompts.ts";
import { commands } from "./registry.ts";
import { commandAvailability, runCommand } from "./run.ts";
import type { CommandContext } from "./types.ts";

const [E1, E2, F1, F2] = [
  "1800000000000000001",
  "1800000000000000002",
  "1800000000000001",
  "1800000000000002",
];

/**
 * For every command, a screen it runs from (and what its dialog answers). The mapped type makes
 * a new command without an example a type error; the test below makes it a failure too.
 */
const reachable: { [Name in CommandName]: { context: CommandContext; input?: InputOf<Name> } } = {
  "subscriptions.subscribe": { context: { view: 1 }, input: { url: "https://example.com/feed" } },
  "subscriptions.unsubscribe": { context: { feedId: F1 }, input: { confirmed: true } },
  "subscriptions.edit": { context: { feedId: F1 }, input: { title: "Mine", isPrivate: true } },
  "subscriptions.batchEdit": {
    context: { selection: "feeds", feedIds: [F1, F2] },
    input: { category: "Tech", view: 2 },
  },
  "categories.rename": {
    context: { category: "News", categoryFeedIds: [F1, F2] },
    input: { to: "Daily" },
  },
  "categories.delete": {
    context: { category: "News", categoryFeedIds: [F1] },
    input: { confirmed: true },
  },
  "categories.changeView": {
    context: { view: 0, category: "News", categoryFeedIds: [F1] },
    input: { view: 3 },
  },
  "entries.markRead": { context: { entryId: E1, entryRead: false } },
  "entries.markUnread": { context: { entryId: E1, entryRead: true } },
  "entries.toggleRead": { context: { entryId: E1, entryRead: true } },
  "entries.markAllRead": { context: { selection: "all", view: 0 } },
  "collections.star": { context: { entryId: E1, entryFeedId: F1, entryView: 1 } },
  "collections.unstar": { context: { entryId: E1, entryStarred: true } },
  "lists.create": {
    context: {},
    input: { listId: F2, ownerUserId: "u1", title: "Reading", view: 0 },
  },
  "lists.edit": { context: {}, input: { listId: F2, title: "Renamed" } },
  "lists.delete": { context: {}, input: { listId: F2 } },
  "lists.addFeeds": { context: {}, input: { listId: F2, feedIds: [F1] } },
  "lists.removeFeeds": { context: {}, input: { listId: F2, feedIds: [F1] } },
  "actions.save": {
    context: {},
    input: { rules: [{ name: "Star", condition: [], result: { star: true } }] },
  },
  "actions.applyToRecent": { context: {}, input: { days: 7 } },
  "lists.follow": { context: {}, input: { listId: F2, userId: "u1", view: 1 } },
  "lists.unfollow": { context: {}, input: { listId: F2 } },
  "push.registerDevice": {
    context: {},
    input: {
      endpoint: "https://push.example/abc",
      keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
    },
  },
  "push.removeDevice": { context: {}, input: { id: "1800000000000001" } },
  "push.sendTest": { context: {}, input: {} },
  "ai.saveProvider": {
    context: {},
    input: { baseUrl: "http://127.0.0.1:11434/v1", model: "llama3", apiKey: "k" },
  },
  "ai.removeProvider": { context: {}, input: { confirmed: true } },
  "savedSearches.save": {
    context: {},
    input: { searchId: F2, name: "Bread", keyword: "bread", filters: { unread: true } },
  },
  "savedSearches.rename": { context: {}, input: { searchId: F2, name: "Loaves" } },
  "savedSearches.delete": { context: {}, input: { searchId: F2 } },
  "highlights.create": {
    context: { entryId: F2 },
    input: {
      highlightId: F2,
      color: "green",
      exact: "fox",
      prefix: "the ",
      suffix: " runs",
      start: 4,
      end: 7,
    },
  },
  "highlights.recolor": { context: {}, input: { highlightId: F2, color: "pink" } },
  "highlights.annotate": { context: {}, input: { highlightId: F2, note: "Quick" } },
  "highlights.delete": { context: {}, input: { highlightId: F2 } },
  "tags.add": { context: { entryId: F2 }, input: { tag: "foxes" } },
  "tags.remove": { context: { entryId: F2 }, input: { tag: "foxes" } },
  "tags.rename": { context: {}, input: { from: "foxes", to: "animals" } },
  "tags.merge": { context: {}, input: { from: "foxes", to: "animals" } },
  "readingPositions.save": {
    context: { entryId: F2 },
    input: {
      entryId: F2,
      deviceId: "device-1",
      kind: "audio",
      fraction: 0,
      quote: "",
      seconds: 42,
    },
  },
};

function fakeHost() {
  const dispatch = vi.fn(async (name: string) => ({ commandId: name, issuedAt: "" }));
  const keepVisible = vi.fn();
  const host: CommandHost = { dispatch: dispatch as never, view: { keepVisible } };
  return { host, dispatch, keepVisible };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe("runCommand", () => {
  it("reaches every command, with a payload its schema accepts", async () => {
    expect(Object.keys(reachable).sort()).toEqual(commandInfoList.map((c) => c.name).sort());
    for (const { name } of commandInfoList) {
      const { host, dispatch } = fakeHost();
      const { context, input } = reachable[name];
      const run = runCommand(name, context, input as never, host);
      expect(run.status, name).toBe("dispatched");
      const [sentName, payload] = dispatch.mock.calls[0] as unknown as [string, unknown];
      expect(sentName).toBe(name);
      expect(() => Schema.decodeUnknownSync(commands[name].payload)(payload), name).not.toThrow();
    }
  });

  it("builds mark all read the same way for every selection (private feeds left out of a whole view)", () => {
    const payload = (context: CommandContext) => {
      const { host, dispatch } = fakeHost();
      runCommand("entries.markAllRead", context, undefined, host);
      return dispatch.mock.calls[0]?.[1 as 0];
    };
    expect(payload({ selection: "all", view: 2 })).toEqual({ view: 2, excludePrivate: true });
    expect(payload({ selection: "feed", view: 2, feedId: F1 })).toEqual({ feedId: F1 });
    expect(payload({ selection: "folder", view: 2, feedIds: [F1, F2] })).toEqual({
      feedIdList: [F1, F2],
      excludePrivate: true,
    });
    // The open entry's feed is not the selection: "All" stays "All".
    expect(payload({ selection: "all", view: 0, entryId: E1, entryFeedId: F1 })).toEqual({
      view: 0,
      excludePrivate: true,
    });
    expect(payload({ selection: "collections", view: 0 })).toBeUndefined();
    expect(payload({ selection: "folder", view: 0, feedIds: [] })).toBeUndefined();
  });

  it("keeps just-read rows visible from every way in", () => {
    const { host, keepVisible } = fakeHost();
    runCommand("entries.markRead", { entryIds: [E1, E2] }, undefined, host);
    expect(keepVisible).toHaveBeenLastCalledWith([E1, E2]);
    runCommand("entries.toggleRead", { entryId: E2, entryRead: false }, undefined, host);
    expect(keepVisible).toHaveBeenLastCalledWith([E2]);
    keepVisible.mockClear();
    runCommand("entries.toggleRead", { entryId: E2, entryRead: true }, undefined, host);
    expect(keepVisible).not.toHaveBeenCalled();
  });

  it("opens the command's dialog when the context is not enough, and only then", () => {
    const { host, dispatch } = fakeHost();
    const opened: PromptRequest[] = [];
    const context = { category: "News", categoryFeedIds: [F1] };
    expect(runCommand("categories.rename", context, undefined, host).status).toBe("unavailable");
    expect(commandAvailability("categories.rename", context, host)).toBe("disabled");
    cleanups.push(
      answerPrompts({ matches: (r) => r.kind === "renameFolder", open: (r) => opened.push(r) }),
    );
    expect(commandAvailability("categories.rename", context, host)).toBe("ready");
    expect(runCommand("categories.rename", context, undefined, host).status).toBe("prompted");
    expect(opened).toEqual([{ kind: "renameFolder", category: "News" }]);
    // The dialog's answer runs it; an answer that changes nothing runs nothing, asks nothing.
    expect(runCommand("categories.rename", context, { to: "News" }, host).status).toBe(
      "unavailable",
    );
    expect(opened).toHaveLength(1);
    runCommand("categories.rename", context, { to: " Daily " }, host);
    expect(dispatch).toHaveBeenCalledWith("categories.rename", {
      category: "News",
      feedIds: [F1],
      to: "Daily",
    });
  });

  it("never unsubscribes or deletes a folder without the user's confirmation", () => {
    const { host, dispatch } = fakeHost();
    runCommand("subscriptions.unsubscribe", { feedId: F1 }, undefined, host);
    runCommand("categories.delete", { category: "News", categoryFeedIds: [F1] }, undefined, host);
    expect(dispatch).not.toHaveBeenCalled();
  });

  it("waits for the host when run before the reader registered it", async () => {
    const run = runCommand("collections.unstar", { entryId: E1, entryStarred: true });
    expect(run.status).toBe("dispatched");
    const { host, dispatch } = fakeHost();
    cleanups.push(commandHost.setHost(host));
    await (run.status === "dispatched" ? run.done : undefined);
    expect(dispatch).toHaveBeenCalledWith("collections.unstar", { entryId: E1 });
  });
});

/** Files under a directory, recursively. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("one declaration per command", () => {
  it("has no switch over command names outside the commands' own files", () => {
    const names = commandInfoList.map((c) => c.name);
    const offenders = sourceFiles(join(import.meta.dirname, ".."))
      .filter((file) => !file.includes(`${join("src", "commands")}`))
      .filter((file) => {
        const text = readFileSync(file, "utf8");
        return names.some((name) => text.includes(`case "${name}"`));
      });
    expect(offenders).toEqual([]);
  });
});

/** The modules a file loads at run time (type-only imports are erased), followed through src. */
function runtimeImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(file, "utf8");
  for (const [, specifier] of text.matchAll(/^import (?!type )[^;]*?from "([^"]+)";/gms)) {
    if (!specifier!.startsWith(".")) seen.add(specifier!);
    else runtimeImports(resolve(dirname(file), specifier!), seen);
  }
  return seen;
}

describe("the commands' first-paint half", () => {
  it("loads no Effect: the palette, shortcuts and runCommand paint before it", () => {
    const seen = new Set<string>();
    for (const file of ["catalog.ts", "run.ts", "hooks.ts"]) {
      runtimeImports(join(import.meta.dirname, file), seen);
    }
    const light = [...seen];
    expect(light.filter((module) => !module.startsWith("/")).sort()).toEqual(["react"]);
    expect(light.some((module) => module.endsWith("registry.ts"))).toBe(false);
    expect(light.filter((module) => module.endsWith(".info.ts"))).toHaveLength(12);
  });
});

describe("a view effect that reads first (mark all read's undo)", () => {
  it("is awaited before the dispatch, which follows even when it fails", async () => {
    const order: string[] = [];
    const { host, dispatch } = fakeHost();
    let finish: () => void = () => undefined;
    host.view!.offerMarkAllReadUndo = vi.fn(
      (scope) =>
        new Promise<void>((resolve) => {
          order.push(`read ${JSON.stringify(scope)}`);
          finish = resolve;
        }),
    );
    dispatch.mockImplementation(async (name: string) => {
      order.push(`dispatch ${name}`);
      return { commandId: name, issuedAt: "" };
    });
    const run = runCommand("entries.markAllRead", { selection: "all", view: 2 }, undefined, host);
    expect(run.status).toBe("dispatched");
    await Promise.resolve();
    expect(order).toEqual(['read {"view":2,"excludePrivate":true}']);
    finish();
    if (run.status === "dispatched") await run.done;
    expect(order.at(-1)).toBe("dispatch entries.markAllRead");

    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    host.view!.offerMarkAllReadUndo = () => Promise.reject(new Error("no database"));
    const failed = runCommand("entries.markAllRead", { feedId: F1 }, undefined, host);
    if (failed.status === "dispatched") await failed.done;
    expect(dispatch).toHaveBeenLastCalledWith("entries.markAllRead", { feedId: F1 });
    errors.mockRestore();
  });
});
