/** SPEC §9 compact numbers: K at 1e3, M at 1e6, B at 1e9, one decimal. */
export function compactNumber(value: number): string {
  const units: [number, string][] = [
    [1e9, "B"],
    [1e6, "M"],
    [1e3, "K"],
  ];
  for (const [size, suffix] of units) {
    if (Math.abs(value) >= size) {
      const scaled = Math.floor((value / size) * 10) / 10;
      return `${scaled.toFixed(1).replace(/\.0$/, "")}${suffix}`;
    }
  }
  return String(value);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "5 min ago", "3 hr ago", "2 days ago", then a date, in the UI language. */
export function relativeTime(iso: string, language: string, now = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  const diff = time - now;
  const abs = Math.abs(diff);
  const format = new Intl.RelativeTimeFormat(language, { numeric: "auto", style: "short" });
  if (abs < MINUTE) return format.format(0, "second");
  if (abs < HOUR) return format.format(Math.round(diff / MINUTE), "minute");
  if (abs < DAY) return format.format(Math.round(diff / HOUR), "hour");
  if (abs < 7 * DAY) return format.format(Math.round(diff / DAY), "day");
  return new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(time);
}

export function fullTime(iso: string, language: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(
    time,
  );
}

/** The local calendar day of a time, as YYYY-MM-DD (the date groups' key). */
export function dayKey(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A date group's heading: today, yesterday, or the date. */
export function dayLabel(
  key: string,
  language: string,
  words: { today: string; yesterday: string },
  now = new Date(),
): string {
  if (key === dayKey(now.toISOString())) return words.today;
  const yesterday = new Date(now.getTime() - DAY);
  if (key === dayKey(yesterday.toISOString())) return words.yesterday;
  const [y, m, d] = key.split("-").map(Number);
  return new Intl.DateTimeFormat(language, { dateStyle: "full" }).format(
    new Date(y!, (m ?? 1) - 1, d ?? 1),
  );
}

/** Seconds as h:mm:ss or m:ss. */
export function duration(seconds: number | undefined | null): string {
  if (!seconds || !Number.isFinite(seconds) || seconds <= 0) return "";
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
