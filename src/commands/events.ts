import type { EventDefinition, FormerVersion } from "./event-definition.ts";
import { actionEvents } from "./materializers/actions.ts";
import { collectionEvents } from "./materializers/collections.ts";
import { entryEvents } from "./materializers/entries.ts";
import { highlightEvents } from "./materializers/highlights.ts";
import { listEvents } from "./materializers/lists.ts";
import { readingPositionEvents } from "./materializers/reading-positions.ts";
import { savedSearchEvents } from "./materializers/saved-searches.ts";
import { subscriptionEvents } from "./materializers/subscriptions.ts";
import { tagEvents } from "./materializers/tags.ts";

/**
 * The event catalogue: what happened, in the past tense. Each event is declared beside its
 * materializer (`./materializers/<entity>.ts`) with a Schema and a version; this list and the
 * types below are derived from those declarations. Events sit in the local log and are
 * replayed on top of fresh server state, so a shipped version is never changed or removed.
 */
export const EVENTS = [
  ...subscriptionEvents,
  ...entryEvents,
  ...collectionEvents,
  ...listEvents,
  ...savedSearchEvents,
  ...actionEvents,
  ...highlightEvents,
  ...readingPositionEvents,
  ...tagEvents,
] as const;

/** Older versions still decoded when a log written by an older build replays. */
export const FORMER_VERSIONS: readonly FormerVersion<string, unknown>[] = [];

type Declared = (typeof EVENTS)[number];
type DeclaredData = {
  [Definition in Declared as Definition["name"]]: Definition extends EventDefinition<
    string,
    infer Data
  >
    ? Data
    : never;
};

export type EventData = DeclaredData;

export type EventName = keyof EventData;

export type DomainEvent = {
  [Name in EventName]: { name: Name; data: EventData[Name] };
}[EventName];

export function event<Name extends EventName>(name: Name, data: EventData[Name]): DomainEvent {
  return { name, data } as DomainEvent;
}
