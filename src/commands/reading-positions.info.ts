import type { ReadingPositionKind } from "../../contract/entities/reading-position.ts";
import { commandInfo } from "./types.ts";

/** What the entry pane and the player report as the reader moves (no Effect). */
export interface ReadingPositionInput {
  entryId: string;
  deviceId: string;
  kind: ReadingPositionKind;
  fraction: number;
  quote: string;
  seconds: number;
  /** When it was taken (ISO); now when not given. Carried to the server so a late replay loses. */
  updatedAt?: string;
}

export const saveReadingPositionInfo = commandInfo({
  name: "readingPositions.save",
  conflict: {
    rule: "independent",
    because: "Each device keeps its own position per entry; the resume offer takes the newest.",
  },
  // Run by the entry pane and the player with the entry alone as they report where the reader
  // is; the palette's context names the timeline too, so it never offers this.
  when: (context) => context.entryId !== undefined && context.selection === undefined,
  fromContext: (_context, input?: ReadingPositionInput) =>
    input?.entryId && input.deviceId
      ? { ...input, updatedAt: input.updatedAt ?? new Date().toISOString() }
      : undefined,
});
