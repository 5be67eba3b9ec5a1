import { describe, expect, it } from "vitest";
import { GENERAL_DEFAULTS } from "./general.ts";
import { MARK_READ_MODES, markReadFlags, markReadMode } from "./mark-read-mode.ts";

describe("mark-as-read mode", () => {
  it("round-trips every mode through the three flags", () => {
    for (const mode of MARK_READ_MODES) expect(markReadMode(markReadFlags(mode))).toBe(mode);
  });

  it("reads the default settings as balanced", () => {
    expect(markReadMode(GENERAL_DEFAULTS)).toBe("balanced");
  });

  it("maps radical to render, conservative to none", () => {
    expect(markReadFlags("radical").renderMarkUnread).toBe(true);
    expect(Object.values(markReadFlags("conservative"))).toEqual([false, false, false]);
  });
});
