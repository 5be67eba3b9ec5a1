import { Schema } from "effect";
import { EntityId, TimeBound, View } from "../../contract/reading.ts";

/** Payload building blocks shared by the command declarations (limits as the API's). */
export { EntityId, TimeBound, View };
export const Text = (max: number) => Schema.String.check(Schema.isMaxLength(max));
export const IdList = Schema.Array(EntityId).check(Schema.isMinLength(1), Schema.isMaxLength(1000));
export const CategoryName = Text(200);
export const OptionalCategory = Schema.optional(Schema.NullOr(CategoryName));
export const OptionalTitle = Schema.optional(Schema.NullOr(Text(300)));

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
