/** Compact numbers: K at 1e3, M at 1e6, B at 1e9, one decimal. */
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

// Intl formatters are slow to build (a timeline renders hundreds of times): one per language.
const formatters = new Map<string, Intl.RelativeTimeFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.RelativeTimeFormat | Intl.DateTimeFormat>(
  key: string,
  make: () => T,
): T {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter as T;
}
const relativeFormat = (language: string) =>
  cached(
    `rel:${language}`,
    () => new Intl.RelativeTimeFormat(language, { numeric: "auto", style: "short" }),
  );
const dateFormat = (language: string, style: "medium" | "full") =>
  cached(
    `date:${style}:${language}`,
    () => new Intl.DateTimeFormat(language, { dateStyle: style }),
  );
const dateTimeFormat = (language: string) =>
  cached(
    `datetime:${language}`,
    () => new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }),
  );

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "5 min ago", "3 hr ago", "2 days ago", then a date, in the UI language. */
export function relativeTime(iso: string, language: string, now = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  const diff = time - now;
  const abs = Math.abs(diff);
  const format = relativeFormat(language);
  if (abs < MINUTE) return format.format(0, "second");
  if (abs < HOUR) return format.format(Math.round(diff / MINUTE), "minute");
  if (abs < DAY) return format.format(Math.round(diff / HOUR), "hour");
  if (abs < 7 * DAY) return format.format(Math.round(diff / DAY), "day");
  return dateFormat(language, "medium").format(time);
}

export function fullTime(iso: string, language: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  return dateTimeFormat(language).format(time);
}

const dayKeys = new Map<string, string>();

/**
 * The local calendar day of a time, as YYYY-MM-DD (the date groups' key). Memoized per hour of
 * the input: grouping 50,000 entries costs a map lookup each, not a Date each.
 */
export function dayKey(iso: string): string {
  const hour = iso.slice(0, 13);
  const known = iso.length >= 20 && iso.endsWith("Z") ? dayKeys.get(hour) : undefined;
  if (known !== undefined) return known;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  const key = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  // Whole-hour time zones only are safe to memoize by the UTC hour.
  if (iso.endsWith("Z") && date.getTimezoneOffset() % 60 === 0) dayKeys.set(hour, key);
  return key;
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
  return dateFormat(language, "full").format(new Date(y!, (m ?? 1) - 1, d ?? 1));
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

/**
 * The opening words of a text, as a title for a post that has none: whitespace collapsed, cut
 * at the last word boundary within `max` characters and marked with "…". Text without spaces
 * (Chinese, Japanese, one long URL) is cut at `max`, which is a boundary there.
 */
export function openingWords(text: string | null | undefined, max = 80): string {
  const line = (text ?? "").replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max + 1);
  const space = cut.lastIndexOf(" ");
  // A boundary in the first half would throw most of the room away: cut mid-text instead.
  const end = space > max / 2 ? space : max;
  return `${line.slice(0, end).replace(/[\s,;:.\-–—]+$/, "")}…`;
}
