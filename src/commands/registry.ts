import type { Schema } from "effect";
import * as actions from "./actions.ts";
import * as ai from "./ai.ts";
import type { CommandName } from "./catalog.ts";
import * as categories from "./categories.ts";
import * as collections from "./collections.ts";
import * as entries from "./entries.ts";
import * as highlights from "./highlights.ts";
import * as lists from "./lists.ts";
import * as push from "./push.ts";
import * as readingPositions from "./reading-positions.ts";
import * as savedSearches from "./saved-searches.ts";
import * as subscriptions from "./subscriptions.ts";
import * as tags from "./tags.ts";
import type { CommandDefinition } from "./types.ts";

export type { CommandName } from "./catalog.ts";

/**
 * Every command whole (both halves), derived from the domain files' exports, as the catalog
 * is: the one source for dispatch and sync. Loaded with the dispatcher, after the first paint.
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

// biome-ignore lint/suspicious/noExplicitAny: the registry holds commands of every payload type.
type AnyDefinition = CommandDefinition<string, any, any>;
/** The definitions a module exports (distributes over a union of modules). */
type DefinitionsIn<Module> = Module extends unknown
  ? { [Key in keyof Module]: Module[Key] extends AnyDefinition ? Module[Key] : never }[keyof Module]
  : never;
type Definition = DefinitionsIn<(typeof domains)[number]>;

// A command declared in `<domain>.info.ts` without its other half fails here, naming it.
type Undefined = Exclude<CommandName, Definition["name"]>;
const everyCommandDefined: [Undefined] extends [never] ? true : Undefined = true;
void everyCommandDefined;

/** What dispatch takes for a command: its payload schema's type. */
export type PayloadOf<Name extends CommandName> =
  Extract<Definition, { name: Name }> extends { payload: Schema.Decoder<infer P> } ? P : never;
// biome-ignore lint/suspicious/noExplicitAny: the registry holds commands of every payload type.
export type AnyCommand = CommandDefinition<CommandName, any, any>;

function isDefinition(value: unknown): value is AnyCommand {
  return typeof value === "object" && value !== null && "apply" in value;
}

export const commandList: readonly AnyCommand[] = domains.flatMap((domain) =>
  Object.values(domain).filter(isDefinition),
);

/** Every command, by name. */
export const commands: { readonly [Name in CommandName]: Extract<Definition, { name: Name }> } =
  Object.fromEntries(commandList.map((d) => [d.name, d])) as never;

export function findCommand(name: string): AnyCommand | undefined {
  return Object.hasOwn(commands, name) ? (commands[name as CommandName] as AnyCommand) : undefined;
}
