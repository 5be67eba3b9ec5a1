import { Schema } from "effect";
import { EntityId } from "../reading.ts";

/** Where a position was taken: the article's text, or the entry's audio (episode or speech). */
export const READING_POSITION_KINDS = ["article", "audio"] as const;
export const ReadingPositionKind = Schema.Literals(READING_POSITION_KINDS);
export type ReadingPositionKind = typeof ReadingPositionKind.Type;

/** The text kept of the block the reader stopped at: enough to find it again, never a copy. */
export const MAX_POSITION_QUOTE = 160;
/** A device's name for itself (the browser's stable client id). */
export const DeviceId = Schema.String.check(
  Schema.makeFilter((value: string) => /^[\w-]{1,64}$/.test(value) || "expected a device id"),
);

/**
 * Where a person stopped in an entry on one device. An article's position is a fraction of its
 * height plus the text of the block at the top of the pane (found again when the layout, width
 * or images differ); audio's is the player's time in seconds.
 */
export const ReadingPositionModel = Schema.Struct({
  entryId: EntityId,
  deviceId: DeviceId,
  kind: ReadingPositionKind,
  fraction: Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 1 })),
  quote: Schema.String.check(Schema.isMaxLength(MAX_POSITION_QUOTE)),
  seconds: Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 1_000_000 })),
  /** When the device took it (ISO, UTC): of two saves the later stands, whatever their order. */
  updatedAt: Schema.String.check(
    Schema.makeFilter(
      (value: string) =>
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.test(value) || "expected an ISO time",
    ),
  ),
});
export type ReadingPositionModel = typeof ReadingPositionModel.Type;
