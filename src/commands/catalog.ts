import * as actions from "./actions.info.ts";
import * as ai from "./ai.info.ts";
import * as categories from "./categories.info.ts";
import * as collections from "./collections.info.ts";
import * as entries from "./entries.info.ts";
import * as highlights from "./highlights.info.ts";
import * as lists from "./lists.info.ts";
import * as push from "./push.info.ts";
import * as readingPositions from "./reading-positions.info.ts";
import * as savedSearches from "./saved-searches.info.ts";
import * as subscriptions from "./subscriptions.info.ts";
import * as tags from "./tags.info.ts";
import type { AnyCommandInfo, CommandInfo } from "./types.ts";

/**
 * Every command's Effect-free half, derived from the domain files' exports (each
 * `<domain>.info.ts` exports its commands and nothing else): what the palette, the shortcuts
 * and runCommand read, loaded with the first paint. A new command on an existing entity is
 * listed here by being declared; a new domain adds its file to this line.
 */
const domains = [
  subscriptions,
  categories,
  entries,
  collections,
  lists,
  actions,
  push,
  ai,
  savedSearches,
  highlights,
  tags,
  readingPositions,
];

/** The command infos a module exports (distributes over a union of modules). */
type InfosIn<Module> = Module extends unknown
  ? {
      [Key in keyof Module]: Module[Key] extends AnyCommandInfo ? Module[Key] : never;
    }[keyof Module]
  : never;
type Info = InfosIn<(typeof domains)[number]>;

/** The closed set of command names. Shipped names are never renamed or removed (replay). */
export type CommandName = Info["name"];
export type CommandInfoOf<Name extends CommandName> = Extract<Info, { name: Name }>;
/** What a command's prompt answers with (see `fromContext`'s second parameter). */
export type InputOf<Name extends CommandName> = Parameters<CommandInfoOf<Name>["fromContext"]>[1];

function isCommandInfo(value: unknown): value is AnyCommandInfo {
  return typeof value === "object" && value !== null && "fromContext" in value;
}

/** A command as lists hold it (any payload, any input). */
export type CatalogEntry = CommandInfo<CommandName, unknown, unknown>;

export const commandInfoList = domains.flatMap((domain) =>
  Object.values(domain).filter(isCommandInfo),
) as readonly CatalogEntry[];

const byName = new Map<string, CatalogEntry>(commandInfoList.map((info) => [info.name, info]));

export function commandInfo<Name extends CommandName>(name: Name): CommandInfoOf<Name> {
  return byName.get(name) as CommandInfoOf<Name>;
}

export function isCommandName(name: string): name is CommandName {
  return byName.has(name);
}
