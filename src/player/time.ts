/** Seconds as m:ss, or h:mm:ss from an hour up (the forms parseTime reads back). */
export function formatPlayerTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${secs}` : `${minutes}:${secs}`;
}

/** Parses h:mm:ss, mm:ss or m:ss into seconds; undefined when it is none of those. */
export function parsePlayerTime(text: string): number | undefined {
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const [, hours, minutes, seconds] = match;
  if (Number(seconds) > 59 || (hours !== undefined && Number(minutes) > 59)) return undefined;
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds);
}
