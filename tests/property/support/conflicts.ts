import { commands } from "../../../src/commands/registry.ts";
import type { UserState } from "../../support/sync/state.ts";
import type { ConflictTarget } from "./steps.ts";
import type { Universe } from "./universe.ts";

/** A command as the scenario dispatched it. */
export interface Played {
  name: keyof typeof commands;
  // biome-ignore lint/suspicious/noExplicitAny: payloads are checked by the commands' schemas.
  payload: Record<string, any>;
}

/**
 * What the thing both devices changed looks like in a state: an entry's read flag, its star, a
 * folder's feeds' names, a feed's title, whether a feed is followed. `undefined` when the state
 * does not show it (the entry's feed is not followed, say).
 */
export function conflictValue(
  target: ConflictTarget,
  state: UserState,
  universe: Universe,
  feedIds: readonly string[] = [],
): unknown {
  const entryId = (i: number) => universe.feeds.flatMap((f) => f.entries)[i]!.id;
  const feedId = (i: number) => universe.feeds[i]!.id;
  switch (target.kind) {
    case "read":
      return state.read[entryId(target.entry)];
    case "star":
      return state.starred.includes(entryId(target.entry));
    case "rename":
      return feedIds.map((id) => state.subscriptions[id]?.category);
    case "title":
      return state.subscriptions[feedId(target.feed)]?.title;
    case "follow":
      return feedId(target.feed) in state.subscriptions;
  }
}

/**
 * The value the declared rule gives, from the commands of the conflict the server accepted, in
 * the order it applied them. Every command a conflict plays declares last-write-wins: the last
 * one applied decides (the test fails here first if a declaration changes its rule).
 */
export function ruleOutcome(target: ConflictTarget, applied: readonly Played[]): unknown {
  for (const command of applied) {
    if (commands[command.name].conflict.rule !== "last-write-wins") {
      throw new Error(`${command.name} no longer declares last-write-wins: update this check`);
    }
  }
  const last = applied.at(-1)!;
  const p = last.payload;
  switch (target.kind) {
    case "read":
      if (last.name === "entries.toggleRead") return p.read;
      return last.name === "entries.markRead";
    case "star":
      return last.name === "collections.star";
    case "rename":
      return p.feedIds.map(() => p.to);
    case "title":
      return p.title || null;
    case "follow":
      return last.name === "subscriptions.subscribe";
  }
}

/** The feeds a rename decided (the last one's): the only ones whose folder the rule names. */
export function renamedFeeds(applied: readonly Played[]): string[] {
  return applied.at(-1)?.payload.feedIds ?? [];
}
