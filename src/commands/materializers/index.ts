import type { Statement } from "../../db/statements.ts";
import { decodeData, type EventDefinition, storedName } from "../event-definition.ts";
import {
  type DomainEvent,
  EVENTS,
  type EventData,
  type EventName,
  FORMER_VERSIONS,
} from "../events.ts";
import { entryStarred, entryUnstarred } from "./collections.ts";
import { allEntriesMarkedRead, entriesMarkedRead, entryMarkedUnread } from "./entries.ts";

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

interface Materializer<Data> {
  /** Pure: the SQL writes that bring the tables up to date. */
  run(data: Data): Statement[];
  /** Every table `run` may write: the transaction's scope and the queries to notify. */
  writes: readonly MaterializedTable[];
}

type DeclaredName = (typeof EVENTS)[number]["name"];
type Materializers = {
  [Name in Exclude<EventName, DeclaredName>]: Materializer<EventData[Name]>;
};

/** Materializers of the events not yet declared with a Schema, with the tables they write. */
const undeclared: Materializers = {
  EntriesMarkedRead: { run: entriesMarkedRead, writes: ["unread", "entries", "manual_unread"] },
  EntryMarkedUnread: { run: entryMarkedUnread, writes: ["unread", "entries", "manual_unread"] },
  AllEntriesMarkedRead: {
    run: allEntriesMarkedRead,
    writes: ["unread", "entries", "manual_unread"],
  },
  EntryStarred: { run: entryStarred, writes: ["collections"] },
  EntryUnstarred: { run: entryUnstarred, writes: ["collections"] },
};

const declared = new Map<string, EventDefinition<string, unknown>>(
  EVENTS.map((definition) => [definition.name, definition as EventDefinition<string, unknown>]),
);

/** The tables materializers write: the queries to notify after a rebuild. */
export const MATERIALIZED_TABLES: readonly MaterializedTable[] = [
  ...new Set(Object.values(undeclared).flatMap((m: Materializer<never>) => m.writes)),
  "subscriptions",
  "feeds",
  "lists",
  "saved_searches",
];

export function materialize(event: DomainEvent): Statement[] {
  const definition = declared.get(event.name);
  if (definition) return definition.materialize(event.data);
  const materializer = undeclared[event.name as keyof Materializers] as Materializer<unknown>;
  return materializer.run(event.data);
}

// The target of a statement not built by the typed builder (until every materializer is).
const WRITE_TARGET = /^\s*(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)/i;

/** The tables some events' materializers write, read from the statements they build. */
export function tablesWritten(events: readonly DomainEvent[]): string[] {
  const tables = events.flatMap((event) => {
    const materializer = undeclared[event.name as keyof Materializers] as
      | Materializer<unknown>
      | undefined;
    if (materializer) return [...materializer.writes];
    return materialize(event).flatMap((s) => s.writes ?? WRITE_TARGET.exec(s.sql)?.[1] ?? []);
  });
  return [...new Set(tables)];
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
  if (Object.hasOwn(undeclared, name)) return { name, data: payload } as DomainEvent;
  return undefined;
}

/** The name an event is written to the log under. */
export function storedNameOf(event: DomainEvent): string {
  const definition = declared.get(event.name);
  return definition ? storedName(definition.name, definition.version) : event.name;
}

export function isEventName(name: string): name is EventName {
  return declared.has(name) || Object.hasOwn(undeclared, name);
}
