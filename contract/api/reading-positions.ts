import { Schema } from "effect";
import { ReadingPositionModel } from "../entities/reading-position.ts";
import { Envelope, endpoint, Ok } from "./endpoint.ts";
import { routes } from "./info.ts";

/** Positions kept per person: the newest; older ones are forgotten as new ones come. */
export const MAX_READING_POSITIONS = 500;

export { ReadingPositionModel };

/** The person's positions on every device, newest first (what a pull writes locally). */
export const list = endpoint(routes.readingPositions.list, {
  request: Schema.Struct({}),
  response: Envelope(Schema.Array(ReadingPositionModel)),
});

/**
 * Keeps where this device stopped in an entry the person can see (one per entry, device and
 * kind; a later save replaces it, an older one arriving late is ignored). An entry they cannot
 * see is a 3000, as for one that does not exist.
 */
export const save = endpoint(routes.readingPositions.save, {
  request: Schema.Struct({
    entryId: ReadingPositionModel.fields.entryId,
    deviceId: ReadingPositionModel.fields.deviceId,
    kind: ReadingPositionModel.fields.kind,
    fraction: ReadingPositionModel.fields.fraction,
    quote: ReadingPositionModel.fields.quote,
    seconds: ReadingPositionModel.fields.seconds,
    updatedAt: ReadingPositionModel.fields.updatedAt,
  }),
  response: Ok,
});
