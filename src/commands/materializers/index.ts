import type { Statement } from "../../db/statements.ts";
import { decodeData, type EventDefinition, storedName } from "../event-definition.ts";
import { type DomainEvent, EVENTS, type EventName, FORMER_VERSIONS } from "../events.ts";

/** The local tables events materialize into. */
export type MaterializedTable =
  | "subscriptions"
  | "feeds"
  | "unread"
  | "entries"
  | "collections"
  | "lists"
  | "saved_searches"
  | "manual_unread";

const declared = new Map<string, EventDefinition<string, unknown>>(
  EVENTS.map((definition) => [definition.name, definition as EventDefinition<string, unknown>]),
);

/** The tables materializers write: the queries to notify after a rebuild. */
export const MATERIALIZED_TABLES: readonly MaterializedTable[] = [
  "subscriptions",
  "feeds",
  "unread",
  "entries",
  "collections",
  "lists",
  "saved_searches",
  "manual_unread",
];

export function materialize(event: DomainEvent): Statement[] {
  return declared.get(event.name)?.materialize(event.data) ?? [];
}

/** The tables some events' materializers write, read from the statements they build. */
export function tablesWritten(events: readonly DomainEvent[]): string[] {
  return [...new Set(events.flatMap((event) => materialize(event).flatMap((s) => s.writes ?? [])))];
}

/**
 * An event read back from the log: its stored name (bare for version 1, `.v<N>` after) and
 * its data, decoded with the declared Schema and upgraded from a former version. Anything
 * unknown or undecodable is left out, as an event this build cannot replay.
 */
export function decodeEvent(name: string, payload: unknown): DomainEvent | undefined {
  for (const definition of declared.values()) {
    if (storedName(definition.name, definition.version) !== name) continue;
    const decoded = decodeData(definition.data, payload);
    if (decoded.ok) return { name: definition.name, data: decoded.data } as DomainEvent;
    console.warn(`Event ${name} cannot be replayed: ${decoded.reason}`);
    return undefined;
  }
  for (const former of FORMER_VERSIONS) {
    if (storedName(former.name, former.version) !== name) continue;
    const decoded = decodeData(former.data, payload);
    if (decoded.ok)
      return { name: former.name, data: former.upgrade(decoded.data as never) } as DomainEvent;
    return undefined;
  }
  return undefined;
}

/** The name an event is written to the log under. */
export function storedNameOf(event: DomainEvent): string {
  const definition = declared.get(event.name);
  return definition ? storedName(definition.name, definition.version) : event.name;
}

export function isEventName(name: string): name is EventName {
  return declared.has(name);
}
