import type { Statement } from "../../db/statements.ts";
import { type EventDefinition, eventDecoder, storedName } from "../event-definition.ts";
import { type DomainEvent, EVENTS, type EventName, FORMER_VERSIONS } from "../events.ts";

const declared = new Map<string, EventDefinition<string, unknown>>(
  EVENTS.map((definition) => [definition.name, definition as EventDefinition<string, unknown>]),
);
const decodeDeclared = eventDecoder([...declared.values()], FORMER_VERSIONS);

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
  const decoded = decodeDeclared(name, payload);
  if (decoded) return decoded as DomainEvent;
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
