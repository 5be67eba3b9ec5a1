import { afterEach, describe, expect, it, vi } from "vitest";
import { commandHost } from "../commands/host.ts";
import { commandList, commands } from "../commands/index.ts";
import {
  actionCandidates,
  commandCandidates,
  dispatchShortcut,
  type ShortcutCandidate,
} from "./engine.ts";
import { createHandlerRegistry } from "./handlers.ts";
import { type KeyEventLike, parseBinding } from "./keys.ts";
import { shortcutListing } from "./listing.ts";
import { SHORTCUT_ACTIONS, SHORTCUT_GROUPS } from "./registry.ts";
import { resolveScopes } from "./scopes.ts";

const press = (key: string, init: Partial<KeyEventLike> = {}): KeyEventLike => ({
  key,
  code: /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : undefined,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...init,
});

describe("shortcut engine", () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  it("runs the candidate of the highest-precedence scope", () => {
    const ran: string[] = [];
    const candidate = (id: string, scope: ShortcutCandidate["scope"]): ShortcutCandidate => ({
      id,
      scope,
      keys: ["J"],
      run: () => {
        ran.push(id);
        return true;
      },
    });
    const candidates = [
      candidate("subscription.next", "subscription-list"),
      candidate("timeline.next", "timeline"),
    ];
    const mounted = ["timeline", "subscription-list"] as const;
    expect(
      dispatchShortcut(candidates, press("j"), resolveScopes({ layers: [], mounted }), false),
    ).toBe("timeline.next");
    const focused = resolveScopes({ layers: [], mounted, focused: "subscription-list" });
    expect(dispatchShortcut(candidates, press("j"), focused, false)).toBe("subscription.next");
    expect(
      dispatchShortcut(
        candidates,
        press("j"),
        resolveScopes({ layers: ["modal"], mounted }),
        false,
      ),
    ).toBeUndefined();
  });

  it("passes the key on when a handler declines", () => {
    const handlers = createHandlerRegistry();
    const first = vi.fn(() => false);
    const second = vi.fn(() => undefined);
    handlers.bind("entry.openInBrowser", { handler: second, enabled: true });
    handlers.bind("entry.openInBrowser", { handler: first, enabled: true });
    const candidates = actionCandidates(handlers, { web: true });
    expect(dispatchShortcut(candidates, press("b"), ["entry-render"], false)).toBe(
      "entry.openInBrowser",
    );
    expect(first).toHaveBeenCalledOnce();
    expect(second).toHaveBeenCalledOnce();
  });

  it("skips disabled bindings and web-only actions on the desktop", () => {
    const handlers = createHandlerRegistry();
    handlers.bind("global.quickAdd", { handler: () => true, enabled: true });
    handlers.bind("timeline.refetch", { handler: () => true, enabled: false });
    expect(actionCandidates(handlers, { web: false })).toEqual([]);
    expect(actionCandidates(handlers, { web: true }).map((c) => c.id)).toEqual(["global.quickAdd"]);
  });

  it("tells which of an action's keys was pressed", () => {
    const handlers = createHandlerRegistry();
    const handler = vi.fn(() => true);
    handlers.bind("subscription.switchToView", { handler, enabled: true });
    dispatchShortcut(
      actionCandidates(handlers, { web: true }),
      press("4", { code: "Digit4" }),
      ["subscription-list"],
      false,
    );
    expect(handler).toHaveBeenCalledWith({ index: 3, key: "4" }, undefined);
  });

  it("binds the commands that declare a shortcut, choosing by their `when`", () => {
    const dispatch = vi.fn(async () => ({ commandId: "c", issuedAt: "" }));
    cleanups.push(commandHost.setHost({ dispatch }));
    const context = commandHost.publish({ entryId: "1234567890123", entryRead: false });
    cleanups.push(context.remove);
    const candidates = commandCandidates();
    expect(dispatchShortcut(candidates, press("m"), ["entry-render"], false)).toBe(
      "entries.markRead",
    );
    expect(dispatch).toHaveBeenLastCalledWith("entries.markRead", { entryIds: ["1234567890123"] });

    context.update({ entryId: "1234567890123", entryRead: true, entryStarred: true });
    expect(dispatchShortcut(candidates, press("m"), ["entry-render"], false)).toBe(
      "entries.markUnread",
    );
    expect(dispatchShortcut(candidates, press("s"), ["entry-render"], false)).toBe(
      "collections.unstar",
    );
    expect(dispatch).toHaveBeenLastCalledWith("collections.unstar", { entryId: "1234567890123" });

    // Not in the entry: nothing runs and the key is left to the browser.
    context.update({});
    expect(dispatchShortcut(candidates, press("m"), ["entry-render"], false)).toBeUndefined();
  });

  it("does nothing with a command shortcut while no host is registered", () => {
    const context = commandHost.publish({ entryId: "1234567890123" });
    cleanups.push(context.remove);
    expect(
      dispatchShortcut(commandCandidates(), press("s"), ["entry-render"], false),
    ).toBeUndefined();
  });
});

describe("shortcut registry", () => {
  it("has unique ids and no two actions on one key in one scope", () => {
    const ids = SHORTCUT_ACTIONS.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    const seen = new Map<string, string>();
    const all = [
      ...SHORTCUT_ACTIONS.flatMap((a) => a.keys.map((k) => ({ id: a.id, key: k, scope: a.scope }))),
      ...commandList.flatMap((c) =>
        c.shortcut ? [{ id: c.name, key: c.shortcut.keys, scope: c.shortcut.scope }] : [],
      ),
    ];
    for (const isMac of [false, true]) {
      seen.clear();
      for (const { id, key, scope } of all) {
        const slot = `${scope} ${JSON.stringify(parseBinding(key, isMac))}`;
        const other = seen.get(slot);
        // Commands that share a key are told apart by `when` (read/unread, star/unstar).
        if (
          other &&
          !(other.split(".")[0] === id.split(".")[0] && commands[id as keyof typeof commands])
        ) {
          throw new Error(`${id} and ${other} share ${key} in ${scope}`);
        }
        seen.set(slot, id);
      }
    }
  });

  it("covers the global shortcuts", () => {
    const keys = (id: string) => SHORTCUT_ACTIONS.find((a) => a.id === id)?.keys;
    expect(keys("global.settings")).toEqual(["$mod+,"]);
    expect(keys("global.discover")).toEqual(["$mod+T"]);
    expect(keys("global.quickAdd")).toEqual(["$mod+N"]);
    expect(SHORTCUT_ACTIONS.find((a) => a.id === "global.quickAdd")?.webOnly).toBe(true);
  });

  it("lists groups in the sheet's order, commands included, quick add only on the web", () => {
    const listing = shortcutListing(commandList, { web: true });
    const groups = listing.map((g) => g.group);
    expect(groups).toEqual(SHORTCUT_GROUPS.filter((g) => groups.includes(g)));
    expect(groups).toEqual([
      "entry-actions",
      "integrations",
      "theme",
      "global",
      "layout",
      "timeline",
      "entry-render",
      "subscription",
    ]);
    // The eight "Save to <service>" actions, with no default keys.
    const integrations = listing.find((g) => g.group === "integrations")!.items;
    expect(integrations.map((i) => i.id)).toEqual(
      ["eagle", "readwise", "instapaper", "obsidian", "outline", "readeck", "cubox", "zotero"].map(
        (service) => `integrations.saveTo.${service}`,
      ),
    );
    expect(integrations.map((i) => i.labelKey)).toContain("integrations:saveTo.readwise");
    const entryActions = listing.find((g) => g.group === "entry-actions")!.items.map((i) => i.id);
    expect(entryActions).toContain("collections.star");
    expect(listing.find((g) => g.group === "subscription")!.items.map((i) => i.id)).toContain(
      "entries.markAllRead",
    );
    const desktop = shortcutListing(commandList, { web: false }).flatMap((g) =>
      g.items.map((i) => i.id),
    );
    expect(desktop).not.toContain("global.quickAdd");
  });
});

describe("handler precedence", () => {
  it("prefers any binding over a fallback, whatever the order", () => {
    const handlers = createHandlerRegistry();
    const specific = vi.fn(() => true);
    const fallback = vi.fn(() => true);
    handlers.bind("timeline.unreadOnly", { handler: specific, enabled: true });
    handlers.bind("timeline.unreadOnly", { handler: fallback, enabled: true, fallback: true });
    expect(handlers.trigger("timeline.unreadOnly")).toBe(true);
    expect(specific).toHaveBeenCalledOnce();
    expect(fallback).not.toHaveBeenCalled();
  });
});
