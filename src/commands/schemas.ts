import {
  EntityId,
  MarkReadRequest,
  RenameCategoryRequest,
  TimeBound,
  View,
} from "../../contract/reading.ts";

/**
 * Payload building blocks: the contract's own field schemas, so a command accepts exactly what
 * its endpoint does (limits included).
 */
export { EntityId, TimeBound, View };
export const IdList = MarkReadRequest.fields.entryIds;
export const CategoryName = RenameCategoryRequest.fields.category;

/** ISO time for a bound given as ISO text or epoch ms; undefined when absent or invalid. */
export function toIso(value: string | number | undefined): string | undefined {
  if (value === undefined || value === "") return undefined;
  const date = new Date(typeof value === "number" ? value : Date.parse(value));
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Drops undefined fields so request bodies and events stay minimal. */
export function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
