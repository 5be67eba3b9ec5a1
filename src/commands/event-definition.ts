import { Schema } from "effect";
import type { Statement } from "../db/statements.ts";

/**
 * One event, declared once beside its materializer: a past-tense name, a version, the Schema
 * its data decodes with when the log is replayed, and the pure materializer that turns it into
 * writes. A shipped version is never changed: a new shape is a new version, and the old one
 * stays with an upgrade so logs written by older builds keep replaying.
 */
export interface EventDefinition<Name extends string = string, Data = unknown> {
  readonly name: Name;
  readonly version: number;
  readonly data: Schema.Codec<Data, unknown>;
  /** Pure: the writes that bring the local tables up to date. */
  readonly materialize: (data: Data) => Statement[];
}

/** An older version of an event: decoded with its own Schema, then upgraded to the current. */
export interface FormerVersion<Name extends string = string, Data = unknown> {
  readonly name: Name;
  readonly version: number;
  readonly data: Schema.Codec<unknown, unknown>;
  readonly upgrade: (old: never) => Data;
}

export function defineEvent<const Name extends string, S extends Schema.Codec<unknown, unknown>>(
  name: Name,
  version: number,
  data: S,
  materialize: (data: S["Type"]) => Statement[],
): EventDefinition<Name, S["Type"]> {
  return { name, version, data: data as Schema.Codec<S["Type"], unknown>, materialize };
}

export function formerVersion<
  const Name extends string,
  Data,
  S extends Schema.Codec<unknown, unknown>,
>(
  current: EventDefinition<Name, Data>,
  version: number,
  data: S,
  upgrade: (old: S["Type"]) => Data,
): FormerVersion<Name, Data> {
  return { name: current.name, version, data, upgrade: upgrade as (old: never) => Data };
}

/**
 * The name an event is stored under in the log. Version 1 keeps the bare name every build
 * before versioning wrote, so existing logs need no rewrite; later versions add `.v<N>`.
 */
export function storedName(name: string, version: number): string {
  return version === 1 ? name : `${name}.v${version}`;
}

/** Decodes stored event data, or says why not. */
export function decodeData<Data>(
  schema: Schema.Codec<Data, unknown>,
  payload: unknown,
): { ok: true; data: Data } | { ok: false; reason: string } {
  try {
    return { ok: true, data: Schema.decodeUnknownSync(schema)(payload) };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

export interface DecodedEvent {
  readonly name: string;
  readonly data: unknown;
}

/**
 * Reads a stored event back: finds the declaration its stored name belongs to (a current or a
 * former version), decodes the data with that version's Schema and upgrades it to the current
 * one. Unknown names (from a newer build) and data a Schema refuses give undefined.
 */
export function eventDecoder(
  current: readonly EventDefinition<string, unknown>[],
  former: readonly FormerVersion<string, unknown>[],
): (name: string, payload: unknown) => DecodedEvent | undefined {
  const byStoredName = new Map<string, (payload: unknown) => DecodedEvent | undefined>();
  const report = (name: string, reason: string) => {
    console.warn(`Event ${name} cannot be replayed: ${reason}`);
    return undefined;
  };
  for (const definition of current) {
    const stored = storedName(definition.name, definition.version);
    byStoredName.set(stored, (payload) => {
      const decoded = decodeData(definition.data, payload);
      return decoded.ok
        ? { name: definition.name, data: decoded.data }
        : report(stored, decoded.reason);
    });
  }
  for (const version of former) {
    const stored = storedName(version.name, version.version);
    byStoredName.set(stored, (payload) => {
      const decoded = decodeData(version.data, payload);
      return decoded.ok
        ? { name: version.name, data: version.upgrade(decoded.data as never) }
        : report(stored, decoded.reason);
    });
  }
  return (name, payload) => byStoredName.get(name)?.(payload);
}
