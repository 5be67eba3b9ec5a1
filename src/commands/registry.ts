import { changeCategoryView, deleteCategory, renameCategory } from "./categories.ts";
import { star, unstar } from "./collections.ts";
import { markAllRead, markRead, markUnread } from "./entries.ts";
import {
  batchEditSubscriptions,
  editSubscription,
  subscribe,
  unsubscribe,
} from "./subscriptions.ts";
import type { CommandDefinition } from "./types.ts";

const definitions = [
  subscribe,
  unsubscribe,
  editSubscription,
  batchEditSubscriptions,
  renameCategory,
  deleteCategory,
  changeCategoryView,
  markRead,
  markUnread,
  markAllRead,
  star,
  unstar,
] as const;

type Definition = (typeof definitions)[number];

/** The closed set of command names. Shipped names are never renamed or removed (replay). */
export type CommandName = Definition["name"];
export type PayloadOf<Name extends CommandName> =
  Extract<Definition, { name: Name }> extends CommandDefinition<Name, infer P> ? P : never;
// biome-ignore lint/suspicious/noExplicitAny: the registry holds commands of every payload type.
export type AnyCommand = CommandDefinition<CommandName, any>;

/** Every command, by name: the one source for dispatch, the palette and shortcuts. */
export const commands: { readonly [Name in CommandName]: Extract<Definition, { name: Name }> } =
  Object.fromEntries(definitions.map((d) => [d.name, d])) as never;

export const commandList: readonly AnyCommand[] = definitions;

export function findCommand(name: string): AnyCommand | undefined {
  return Object.hasOwn(commands, name) ? (commands[name as CommandName] as AnyCommand) : undefined;
}
