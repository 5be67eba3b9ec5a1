import type { Schema } from "effect";
import type { Endpoint, RequestOf, ResponseOf } from "../../contract/api/endpoint.ts";
import type { FeedSelection } from "../../contract/routes.ts";
import type { FeedViewType } from "../../contract/views.ts";
import type { DomainEvent } from "./events.ts";
import type { PromptRequest } from "./prompts.ts";

/** Where a shortcut is active (the shortcut scopes). */
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
 * The API as a command's sync sees it: the endpoints of the table (contract/api), typed and
 * decoded. Each call carries an Idempotency-Key derived from the command id, so a retried
 * write is applied once however often it is sent.
 */
export interface SyncApi {
  call<E extends Endpoint>(endpoint: E, input: RequestOf<E>): Promise<ResponseOf<E>>;
}

/**
 * What the screen says a command acts on. The timeline selection (`selection`, `view`,
 * `feedId`, `feedIds`, `category`) and the open entry (`entry*`) are kept apart, so a command
 * about the selection (mark all read) never picks up the open entry's feed.
 */
export interface CommandContext {
  /** The kind of the timeline selection (all, collections, folder, list, inbox or feeds). */
  selection?: FeedSelection["kind"];
  view?: FeedViewType;
  /** The one feed selected. */
  feedId?: string;
  /** The feeds a selection of several stands for (a folder, a comma-separated list). */
  feedIds?: readonly string[];
  /** The folder selected, or the selected feed's folder. */
  category?: string;
  /** The feeds in `category`, when known (folder commands act on them). */
  categoryFeedIds?: readonly string[];
  entryId?: string;
  /** Several entries at once (rows the timeline marks read as they scroll past). */
  entryIds?: readonly string[];
  entryRead?: boolean;
  entryStarred?: boolean;
  entryFeedId?: string;
  entryView?: FeedViewType;
}

/** Which subscriptions a mark-all-read covers (its payload, time bounds aside). */
export interface MarkAllReadScope {
  view?: number;
  feedId?: string;
  feedIdList?: readonly string[];
  excludePrivate?: boolean;
}

/** What a command may do to the view as it runs, the same from every way in. */
export interface ViewEffects {
  /** Keeps just-read rows in the timeline they were read from (until it is left). */
  keepVisible(entryIds: readonly string[]): void;
  /**
   * Before a mark-all-read: notes what it will mark (read before it runs; the command waits
   * for it) and offers to undo it.
   */
  offerMarkAllReadUndo?(scope: MarkAllReadScope): Promise<void>;
}

/**
 * What becomes of a command when another device changed the same thing while one of them was
 * offline. The server applies writes in the order it receives them (a retry under the same
 * Idempotency-Key is answered from its store, never applied again); every device then pulls
 * server state and replays its still-pending events on it, so all end with the server's result.
 * The rule says which result that is:
 * - `last-write-wins`: of two devices' writes to the same thing (an entry's read flag, a star,
 *   a subscription's setting, a list's field), the one the server received first is overwritten
 *   by the one it received last. Only the fields a payload names compete: an edit naming just a
 *   feed's title leaves a concurrent move to another folder alone (the edit dialogs name every
 *   field of their form, so a whole form competes).
 * - `union`: it adds members to a set; additions from several devices all remain.
 * - `delete-wins`: once it has reached the server, commands of other devices about what it
 *   deleted are refused there and rolled back where they were made, whatever their order.
 * - `server-decides`: the server acts on its own state as it is when the command arrives, so
 *   the result depends on what reached it before (it may refuse; the device then rolls back).
 * - `independent`: it touches nothing another device can change at the same time (a new thing
 *   with an id made on this device, a test message): there is nothing to conflict with.
 */
export type ConflictRule =
  | "last-write-wins"
  | "union"
  | "delete-wins"
  | "server-decides"
  | "independent";

export const CONFLICT_RULES: readonly ConflictRule[] = [
  "last-write-wins",
  "union",
  "delete-wins",
  "server-decides",
  "independent",
];

export interface Conflict {
  readonly rule: ConflictRule;
  /** One line, where the rule alone does not say what happens. */
  readonly because?: string;
}

/**
 * The Effect-free half of a command: what the palette, shortcuts, toolbar and menus need to
 * offer and run it. Declared in `<domain>.info.ts`, loaded with the first paint; the other
 * half (`<domain>.ts`: payload schema, events, endpoint) loads with the dispatcher.
 */
export interface CommandInfo<Name extends string = string, Payload = unknown, Input = undefined> {
  readonly name: Name;
  /** i18n key in the commands namespace: always `commands:<name>`. */
  readonly label: string;
  /** What happens when another device changed the same thing meanwhile (required). */
  readonly conflict: Conflict;
  readonly shortcut?: { keys: string; scope: ShortcutScope };
  readonly keywords?: readonly string[];
  /** Whether the palette and shortcuts offer it here. */
  readonly when?: (context: CommandContext) => boolean;
  /**
   * The payload from the context and, for a command that asks for more, the prompt's answer;
   * undefined when that is not enough to run.
   */
  readonly fromContext: (context: CommandContext, input?: Input) => Payload | undefined;
  /** The dialog that asks for what the context lacks. */
  readonly prompt?: (context: CommandContext) => PromptRequest | undefined;
  /** Runs just before dispatch, on every path; a promise it returns is awaited first. */
  readonly onRun?: (payload: Payload, view: ViewEffects) => void | Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: a list holds commands of every payload and input.
export type AnyCommandInfo = CommandInfo<string, any, any>;

/** Declares a command's Effect-free half; the payload type is what `fromContext` returns. */
export function commandInfo<const Name extends string, Payload, Input = undefined>(
  declaration: Omit<CommandInfo<Name, Payload, Input>, "label">,
): CommandInfo<Name, Payload, Input> {
  return { ...declaration, label: `commands:${declaration.name}` };
}

/** The half of a command that needs Effect: payload schema, events, endpoint. */
export interface CommandBody<Payload> {
  /** Decodes what `fromContext` (or a test) gives; the contract's request schema when equal. */
  readonly payload: Schema.Decoder<Payload>;
  /** Pure: the events this command emits. Never reads the clock or the database. */
  apply(payload: Payload, meta: CommandMeta): DomainEvent[];
  /** Sends it to its endpoint(s) of the API table; resolves with the decoded answer. */
  sync(payload: Payload, api: SyncApi): Promise<unknown>;
  /** Pure: events recording what the server answered (e.g. the feed a URL resolved to). */
  confirm?(payload: Payload, answer: unknown, meta: CommandMeta): DomainEvent[];
  /** After the server accepted it, fetch fresh state (e.g. the entries of a new feed). */
  readonly refreshAfterSync?: boolean;
}

export interface CommandDefinition<Name extends string, Payload, Input = undefined>
  extends CommandInfo<Name, Payload, Input>,
    CommandBody<Payload> {}

/**
 * Joins a command's two halves. What `fromContext` builds must be a payload the schema
 * accepts: a mismatch is a type error here, not a failed dispatch later.
 */
export function defineCommand<const Name extends string, FromContext, Input, Payload>(
  info: CommandInfo<Name, FromContext, Input>,
  body: CommandBody<Payload> & ([FromContext] extends [Payload] ? unknown : never),
): CommandDefinition<Name, Payload, Input> {
  return { ...info, ...body } as CommandDefinition<Name, Payload, Input>;
}
