import { readlinkSync } from "node:fs";

/**
 * When daily reports are due (8 AM and 8 PM in the user's time zone, the server's when
 * the user's is unknown). Pure functions of an instant and a zone, so the schedule is tested
 * without waiting for a clock.
 */
export const REPORT_HOURS = [8, 20] as const;

/**
 * The zone database's names for UTC itself. These are computed without `Intl`: the first
 * `Intl.DateTimeFormat` loads ICU's zone and calendar data and code, about 13 MB of a fresh
 * server's RSS, which a server on UTC (most containers and VPSes) never needs otherwise.
 */
const UTC_ZONES = new Set([
  "UTC",
  "Etc/UTC",
  "UCT",
  "Etc/UCT",
  "Universal",
  "Etc/Universal",
  "Zulu",
  "Etc/Zulu",
  "GMT",
  "Etc/GMT",
  "GMT0",
  "Etc/GMT0",
  "GMT+0",
  "Etc/GMT+0",
  "GMT-0",
  "Etc/GMT-0",
  "Greenwich",
  "Etc/Greenwich",
]);

/** The zone this process runs in as the system names it (TZ, else /etc/localtime's target). */
function systemZoneName(): string | undefined {
  const tz = process.env.TZ;
  // An empty TZ is UTC for the C library; a leading colon means "a file name follows".
  if (tz !== undefined) return tz === "" ? "UTC" : tz.replace(/^:/, "");
  try {
    return readlinkSync("/etc/localtime").split("/zoneinfo/")[1];
  } catch {
    return undefined;
  }
}

/** The zone of this server process (TZ, else the system's). */
export function serverTimeZone(): string {
  const system = systemZoneName();
  if (system !== undefined && UTC_ZONES.has(system)) return "UTC";
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** Whether the name is an IANA zone this runtime knows. */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== "string" || name.length === 0 || name.length > 64) return false;
  if (UTC_ZONES.has(name)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClock(at: Date, timeZone: string): WallClock {
  if (UTC_ZONES.has(timeZone)) {
    return {
      year: at.getUTCFullYear(),
      month: at.getUTCMonth() + 1,
      day: at.getUTCDate(),
      hour: at.getUTCHours(),
      minute: at.getUTCMinutes(),
      second: at.getUTCSeconds(),
    };
  }
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(at)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The zone's offset from UTC at that instant, in ms (positive east of Greenwich). */
function offsetMs(at: Date, timeZone: string): number {
  const wall = wallClock(at, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant the zone's clocks read that date at `hour`:00. Where the hour does not exist (a
 * spring-forward gap) it is the first instant after the gap; where it exists twice, the first.
 */
export function zonedInstant(
  date: { year: number; month: number; day: number },
  hour: number,
  timeZone: string,
): Date {
  const wallUtc = Date.UTC(date.year, date.month - 1, date.day, hour);
  // The offsets either side of the wall time: trying the earlier one first picks the first of
  // a repeated hour.
  const candidates = [
    offsetMs(new Date(wallUtc - 86_400_000), timeZone),
    offsetMs(new Date(wallUtc + 86_400_000), timeZone),
  ].sort((a, b) => b - a);
  for (const offset of candidates) {
    const at = new Date(wallUtc - offset);
    const wall = wallClock(at, timeZone);
    if (wall.hour === hour && wall.day === date.day) return at;
  }
  // In a gap: the wall time with the offset from before the change lands just after it.
  return new Date(wallUtc - Math.min(...candidates));
}

function addDays(date: { year: number; month: number; day: number }, days: number) {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** The report slots (8 AM, 8 PM local) from the day before `at` to the day after, in order. */
function slotsAround(at: Date, timeZone: string): Date[] {
  const today = wallClock(at, timeZone);
  const slots: Date[] = [];
  for (const days of [-1, 0, 1]) {
    const date = addDays(today, days);
    for (const hour of REPORT_HOURS) slots.push(zonedInstant(date, hour, timeZone));
  }
  return slots.sort((a, b) => a.getTime() - b.getTime());
}

/** The last 8 o'clock at or before `at` in the zone: the report due now. */
export function latestSlot(at: Date, timeZone: string): Date {
  return slotsAround(at, timeZone).findLast((slot) => slot.getTime() <= at.getTime())!;
}

/** The slot before `slot` (twelve hours earlier, or eleven/thirteen across a DST change). */
export function previousSlot(slot: Date, timeZone: string): Date {
  return latestSlot(new Date(slot.getTime() - 1), timeZone);
}

/** The next 8 o'clock after `at`: when the scheduler next has work. */
export function nextSlot(at: Date, timeZone: string): Date {
  return slotsAround(at, timeZone).find((slot) => slot.getTime() > at.getTime())!;
}
