import { describe, expect, it } from "vitest";
import { reportPreview, seenAfter, unseenReport } from "./daily-report-seen.ts";

const report = (slotAt: string, content = "## Harbour\n- Harbour reopens [1]") => ({
  slotAt,
  content,
  entries: [{}],
});
const MORNING = "2026-05-02T08:00:00.000Z";
const EVENING = "2026-05-02T20:00:00.000Z";

describe("the daily report pinned atop the timeline", () => {
  it("is the latest report when the user never saw one", () => {
    const reports = [report(MORNING), report(EVENING)];
    expect(unseenReport(reports, "")?.slotAt).toBe(EVENING);
  });

  it("shows only a report newer than the one last opened or dismissed", () => {
    expect(unseenReport([report(EVENING)], MORNING)?.slotAt).toBe(EVENING);
    expect(unseenReport([report(EVENING)], EVENING)).toBeUndefined();
    expect(unseenReport([report(MORNING)], EVENING)).toBeUndefined();
  });

  it("compares instants, not text: the same time in another offset is seen", () => {
    expect(unseenReport([report(EVENING)], "2026-05-02T22:00:00+02:00")).toBeUndefined();
    expect(unseenReport([report(EVENING)], "2026-05-02T21:00:00+02:00")?.slotAt).toBe(EVENING);
  });

  it("pins nothing for an empty report or none, and treats a broken mark as never seen", () => {
    expect(unseenReport([report(EVENING, "  \n")], "")).toBeUndefined();
    expect(unseenReport([], "")).toBeUndefined();
    expect(unseenReport([report(EVENING)], "not a date")?.slotAt).toBe(EVENING);
  });

  it("moves the seen mark forward only", () => {
    expect(seenAfter(report(EVENING), MORNING)).toBe(EVENING);
    expect(seenAfter(report(MORNING), EVENING)).toBe(EVENING);
    expect(seenAfter(report(MORNING), "")).toBe(MORNING);
  });

  it("previews the first lines as plain text without citations", () => {
    const lines = reportPreview(report(EVENING, "## Harbour\n\n- Harbour reopens [1]\n- More"));
    expect(lines).toEqual([
      { line: 0, text: "Harbour" },
      { line: 2, text: "Harbour reopens" },
    ]);
  });
});
