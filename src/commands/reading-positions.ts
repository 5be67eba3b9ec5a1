import { Schema } from "effect";
import * as readingPositions from "../../contract/api/reading-positions.ts";
import { event } from "./events.ts";
import { saveReadingPositionInfo } from "./reading-positions.info.ts";
import { EntityId } from "./schemas.ts";
import { defineCommand } from "./types.ts";

/** Where the reader stopped: shown at once on this device, synced to the others. */
const fields = readingPositions.ReadingPositionModel.fields;

export const save = defineCommand(saveReadingPositionInfo, {
  payload: Schema.Struct({
    entryId: EntityId,
    deviceId: fields.deviceId,
    kind: fields.kind,
    fraction: fields.fraction,
    quote: fields.quote,
    seconds: fields.seconds,
    updatedAt: fields.updatedAt,
  }),
  apply: (payload) => [event("ReadingPositionSaved", payload)],
  sync: (payload, api) => api.call(readingPositions.save, payload),
});
