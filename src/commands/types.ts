import type { Schema } from "effect";
import type { DomainEvent } from "./events.ts";

/** Where a shortcut is active (SPEC §2 shortcut scopes). */
export type ShortcutScope =
  | "home"
  | "timeline"
  | "entry-render"
  | "subscription-list"
  | "sub-layer";

/** Made once at dispatch and stored with the command, so replaying it is deterministic. */
export interface CommandMeta {
  commandId: string;
  /** ISO time of dispatch. */
  issuedAt: string;
}

/**
 * The server calls a command syncs to. Each call carries an Idempotency-Key derived from the
 * command id, so a retried write is applied once however often it is sent.
 */
export interface SyncApi {
  post<T = unknown>(path: string, body: unknown): Promise<T>;
  patch<T = unknown>(path: string, body: unknown): Promise<T>;
  delete<T = unknown>(path: string, body: unknown): Promise<T>;
}

/** What the palette and shortcuts know about the current screen, for `when`. */
export interface CommandContext {
  entryId?: string;
  entryRead?: boolean;
  entryStarred?: boolean;
  feedId?: string;
  category?: string;
}

/**
 * What the palette and shortcuts know of a command: no payload schema, no events, nothing
 * of the sync engine. src/commands/catalog.ts declares these without Effect, so the first
 * paint does not load it (the definitions join them with their schemas).
 */
export interface CommandInfo<Name extends string = string> {
  readonly name: Name;
  /** i18n key in the commands namespace, e.g. "commands:entries.markRead". */
  readonly label: string;
  readonly shortcut?: { keys: string; scope: ShortcutScope };
  readonly keywords?: readonly string[];
  readonly when?: (context: CommandContext) => boolean;
}

export interface CommandDefinition<Name extends string, Payload> extends CommandInfo<Name> {
  readonly payload: Schema.Decoder<Payload>;
  /** Pure: the events this command emits. Never reads the clock or the database. */
  apply(payload: Payload, meta: CommandMeta): DomainEvent[];
  /** The API call(s) this command syncs to; resolves with the server's answer. */
  sync(payload: Payload, api: SyncApi): Promise<unknown>;
  /** Pure: events recording what the server answered (e.g. the feed a URL resolved to). */
  confirm?(payload: Payload, answer: unknown, meta: CommandMeta): DomainEvent[];
  /** After the server accepted it, fetch fresh state (e.g. the entries of a new feed). */
  readonly refreshAfterSync?: boolean;
}

/** Declares a command; the identity function keeps the payload type tied to its schema. */
export function defineCommand<const Name extends string, Payload>(
  definition: CommandDefinition<Name, Payload>,
): CommandDefinition<Name, Payload> {
  return definition;
}
