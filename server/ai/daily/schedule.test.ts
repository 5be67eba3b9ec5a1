import { afterEach, describe, expect, it, vi } from "vitest";
import {
  isTimeZone,
  latestSlot,
  nextSlot,
  previousSlot,
  serverTimeZone,
  zonedInstant,
} from "./schedule.ts";

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe("daily report schedule (8 AM and 8 PM local)", () => {
  it("finds the last and next 8 o'clock in the user's zone", () => {
    // 09:30 in Tokyo (UTC+9): the 8 AM report is due, the 8 PM one is next.
    const now = at("2026-01-01T00:30:00Z");
    expect(iso(latestSlot(now, "Asia/Tokyo"))).toBe("2025-12-31T23:00:00.000Z");
    expect(iso(nextSlot(now, "Asia/Tokyo"))).toBe("2026-01-01T11:00:00.000Z");
    // Same instant in UTC: still the previous evening's 8 PM.
    expect(iso(latestSlot(now, "UTC"))).toBe("2025-12-31T20:00:00.000Z");
    expect(iso(nextSlot(now, "UTC"))).toBe("2026-01-01T08:00:00.000Z");
  });

  it("counts a slot as due from its exact instant on", () => {
    expect(iso(latestSlot(at("2026-06-01T08:00:00Z"), "UTC"))).toBe("2026-06-01T08:00:00.000Z");
    expect(iso(latestSlot(at("2026-06-01T07:59:59.999Z"), "UTC"))).toBe("2026-05-31T20:00:00.000Z");
  });

  it("keeps 8 o'clock local across daylight-saving changes", () => {
    // New York moves to EDT on 2026-03-08: 8 PM EST the day before, 8 AM EDT that morning.
    const morning = latestSlot(at("2026-03-08T13:00:00Z"), "America/New_York");
    expect(iso(morning)).toBe("2026-03-08T12:00:00.000Z");
    expect(iso(previousSlot(morning, "America/New_York"))).toBe("2026-03-08T01:00:00.000Z");
    // A wall time that does not exist (02:00 in Berlin on 2026-03-29) lands just after the gap;
    // one that exists twice (02:00 on 2026-10-25) is its first occurrence.
    expect(iso(zonedInstant({ year: 2026, month: 3, day: 29 }, 2, "Europe/Berlin"))).toBe(
      "2026-03-29T01:00:00.000Z",
    );
    expect(iso(zonedInstant({ year: 2026, month: 10, day: 25 }, 2, "Europe/Berlin"))).toBe(
      "2026-10-25T00:00:00.000Z",
    );
  });

  it("walks twelve hours at a time over a whole year in any zone", () => {
    for (const zone of ["UTC", "Asia/Kolkata", "America/Los_Angeles", "Australia/Lord_Howe"]) {
      let slot = latestSlot(at("2026-01-01T00:00:00Z"), zone);
      for (let step = 0; step < 730; step++) {
        const next = nextSlot(slot, zone);
        const hours = (next.getTime() - slot.getTime()) / 3_600_000;
        expect(hours, `${zone} after ${iso(slot)}`).toBeGreaterThanOrEqual(11);
        expect(hours, `${zone} after ${iso(slot)}`).toBeLessThanOrEqual(13);
        expect(previousSlot(next, zone).getTime()).toBe(slot.getTime());
        slot = next;
      }
    }
  });

  it("accepts IANA zone names only", () => {
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone(42)).toBe(false);
  });

  describe("on UTC, without ICU's zone data", () => {
    const savedTz = process.env.TZ;
    afterEach(() => {
      vi.restoreAllMocks();
      if (savedTz === undefined) delete process.env.TZ;
      else process.env.TZ = savedTz;
    });

    it("schedules a UTC server and its users without constructing Intl.DateTimeFormat", () => {
      const formats = vi.spyOn(Intl, "DateTimeFormat");
      process.env.TZ = "Etc/UTC";
      expect(serverTimeZone()).toBe("UTC");
      process.env.TZ = "";
      expect(serverTimeZone()).toBe("UTC");
      expect(isTimeZone("Etc/UTC")).toBe(true);
      const now = at("2026-01-01T00:30:00Z");
      expect(iso(latestSlot(now, "UTC"))).toBe("2025-12-31T20:00:00.000Z");
      expect(iso(nextSlot(now, "Etc/UTC"))).toBe("2026-01-01T08:00:00.000Z");
      expect(formats).not.toHaveBeenCalled();
    });

    it("asks Intl for any other zone, named by TZ", () => {
      process.env.TZ = "Asia/Tokyo";
      expect(serverTimeZone()).toBe("Asia/Tokyo");
    });

    it("gives UTC the same slots through the shortcut as through Intl", () => {
      // Abidjan keeps UTC all year and is not in the shortcut's list: it goes through Intl.
      let slot = latestSlot(at("2026-03-01T00:00:00Z"), "UTC");
      let viaIntl = latestSlot(at("2026-03-01T00:00:00Z"), "Africa/Abidjan");
      for (let step = 0; step < 60; step++) {
        expect(slot.getTime()).toBe(viaIntl.getTime());
        slot = nextSlot(slot, "UTC");
        viaIntl = nextSlot(viaIntl, "Africa/Abidjan");
      }
    });
  });
});
