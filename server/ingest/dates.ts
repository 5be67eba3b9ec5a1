/**
 * Forgiving readers for the dates and durations feeds actually contain. Anything we cannot
 * read with confidence becomes null (the store then falls back to the insertion time): a
 * wrong date is worse than none, so local-time guesses are never made — a date without a
 * zone is taken as UTC.
 */

const MONTHS: Record<string, number> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  may: 4,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  oct: 9,
  nov: 10,
  dec: 11,
};

/** Named zones seen in feeds, as minutes east of UTC. Single letters are military zones. */
const ZONES: Record<string, number> = {
  ut: 0,
  utc: 0,
  gmt: 0,
  z: 0,
  wet: 0,
  bst: 60,
  cet: 60,
  met: 60,
  cest: 120,
  mest: 120,
  eet: 120,
  eest: 180,
  msk: 180,
  ist: 330,
  sgt: 480,
  hkt: 480,
  awst: 480,
  jst: 540,
  kst: 540,
  acst: 570,
  aest: 600,
  aedt: 660,
  nzst: 720,
  nzdt: 780,
  ast: -240,
  adt: -180,
  edt: -240,
  est: -300,
  cdt: -300,
  cst: -360,
  mdt: -360,
  mst: -420,
  pdt: -420,
  pst: -480,
  akst: -540,
  akdt: -480,
  hst: -600,
  a: -60,
  m: -720,
  n: 60,
  y: 720,
};

/**
 * Parses RFC 822/2822 (with odd zones), ISO 8601 / W3CDTF, numeric dates with slashes or
 * dots, and a few common variants. `language` (the feed's) only settles whether 03/05/2024 is
 * March 5 (the default, as in the US) or 3 May (languages that write the day first).
 */
export function parseFeedDate(
  raw: string | null | undefined,
  language?: string | null,
): Date | null {
  const value = raw?.trim().replace(/\s+/g, " ");
  if (!value) return null;
  const date =
    parseIso(value) ??
    parseRfc822(value) ??
    parseNumeric(value, language ?? null) ??
    parseLoose(value);
  if (!date || Number.isNaN(date.getTime())) return null;
  const year = date.getUTCFullYear();
  return year >= 1000 && year <= 9999 ? date : null;
}

const ISO =
  /^(\d{4})(?:-?(\d{2})(?:-?(\d{2}))?)?(?:[T ](\d{1,2}):?(\d{2})(?::?(\d{2})(?:[.,](\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?|UTC|GMT)?$/i;

function parseIso(value: string): Date | null {
  const m = ISO.exec(value);
  if (!m) return null;
  const [, y, mo = "01", d = "01", h = "0", mi = "0", s = "0", frac = "0", zone] = m;
  const ms = Math.round(Number(`0.${frac}`) * 1000);
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  if (!validParts(Number(mo), Number(d), Number(h), Number(mi), Number(s))) return null;
  return new Date(utc - zoneOffsetMinutes(zone) * 60_000);
}

// [Day,] DD Mon YYYY [HH:MM[:SS]] [zone]; also "Mon DD YYYY" and two-digit years.
const RFC822 =
  /^(?:[a-z]+,?\s*)?(\d{1,2})[\s-]+([a-z]{3})[a-z]*\.?[\s-]+(\d{2,4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?\s*(?:([a-z]{1,5}|[+-]\d{1,2}:?\d{2}|[a-z]{2,4}[+-]\d{1,4}))?\.?$/i;
const MONTH_FIRST =
  /^(?:[a-z]+,?\s*)?([a-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*([a-z]{1,5}|[+-]\d{2}:?\d{2})?$/i;

function parseRfc822(value: string): Date | null {
  let m = RFC822.exec(value);
  let day: string | undefined;
  let monthName: string | undefined;
  let rest: Array<string | undefined>;
  if (m) {
    [, day, monthName, ...rest] = m;
  } else {
    m = MONTH_FIRST.exec(value);
    if (!m) return null;
    [, monthName, day, ...rest] = m;
  }
  const [yearText, h = "0", mi = "0", s = "0", zone] = rest;
  const month = MONTHS[monthName!.toLowerCase().slice(0, 3)];
  if (month === undefined || !yearText) return null;
  let year = Number(yearText);
  if (yearText.length === 2) year += year < 50 ? 2000 : 1900;
  if (!validParts(month + 1, Number(day), Number(h), Number(mi), Number(s))) return null;
  const offset = zoneOffsetMinutes(zone);
  if (Number.isNaN(offset)) return null;
  return new Date(
    Date.UTC(year, month, Number(day), Number(h), Number(mi), Number(s)) - offset * 60_000,
  );
}

/**
 * Numeric dates: year first with slashes ("2024/03/05 10:00", "Fri, 2006/09/15 08:19:53 EDT",
 * as Perforce and many CMSs write them), or year last with slashes ("03/05/2024") or dots
 * ("05.03.2024", day first wherever dots are used). Time and zone are optional; without a
 * zone the time is UTC, like every zone-less date here.
 */
const YEAR_FIRST = /^(?:[a-z]+,?\s*)?(\d{4})\/(\d{1,2})\/(\d{1,2})(?:[T ]|$)(.*)$/i;
const YEAR_LAST = /^(?:[a-z]+,?\s*)?(\d{1,2})([/.])(\d{1,2})\2(\d{4})(?:[T ,]+|$)(.*)$/i;
const TIME_AND_ZONE =
  /^(?:(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(am|pm)?)?\s*([a-z]{1,5}|[a-z]{0,4}[+-]\d{1,2}(?::?\d{2})?)?$/i;

function parseNumeric(value: string, language: string | null): Date | null {
  let year: number;
  let month: number;
  let day: number;
  let rest: string;
  const yearFirst = YEAR_FIRST.exec(value);
  if (yearFirst) {
    [year, month, day] = [Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3])];
    rest = yearFirst[4] ?? "";
  } else {
    const yearLast = YEAR_LAST.exec(value);
    if (!yearLast) return null;
    const [first, second] = [Number(yearLast[1]), Number(yearLast[3])];
    const dayFirst =
      first > 12 || (second <= 12 && (yearLast[2] === "." || writesDayFirst(language)));
    [day, month] = dayFirst ? [first, second] : [second, first];
    year = Number(yearLast[4]);
    rest = yearLast[5] ?? "";
  }
  const time = TIME_AND_ZONE.exec(rest.trim());
  if (!time) return null;
  let hour = Number(time[1] ?? 0);
  const meridiem = time[4]?.toLowerCase();
  if (meridiem && (hour < 1 || hour > 12)) return null;
  if (meridiem === "pm" && hour < 12) hour += 12;
  if (meridiem === "am" && hour === 12) hour = 0;
  const [minute, second] = [Number(time[2] ?? 0), Number(time[3] ?? 0)];
  if (!validParts(month, day, hour, minute, second)) return null;
  const offset = zoneOffsetMinutes(time[5]);
  if (Number.isNaN(offset)) return null;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 31/02 over into March: such a date is not a date.
  if (new Date(utc).getUTCDate() !== day) return null;
  return new Date(utc - offset * 60_000);
}

/**
 * Languages whose numeric dates put the day before the month. English defaults to the US
 * order (month first) unless a region that writes the day first is named.
 */
function writesDayFirst(language: string | null): boolean {
  const tag = language?.trim().toLowerCase().replace(/_/g, "-");
  if (!tag) return false;
  if (tag.startsWith("en")) return /^en-(?:gb|ie|au|nz|in|za|sg|hk)\b/.test(tag);
  // These write the year first; a year-last date in their feeds comes from software using the
  // US order.
  return !/^(?:ja|zh|ko|hu|lt|mn)\b/.test(tag);
}

/** Last resort for shapes like "Thu Jan 01 2004 19:48:21 GMT+0000": only with an explicit zone. */
function parseLoose(value: string): Date | null {
  if (!/(?:GMT|UTC|Z|[+-]\d{2}:?\d{2})\b/i.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms);
}

function validParts(month: number, day: number, h: number, mi: number, s: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 && h <= 24 && mi <= 59 && s <= 60;
}

/** Minutes east of UTC for "Z", "+05:30", "-0800", "EST", "GMT+2"...; 0 when absent; NaN if unknown. */
function zoneOffsetMinutes(zone: string | undefined): number {
  if (!zone) return 0;
  const z = zone.toLowerCase();
  if (z in ZONES) return ZONES[z]!;
  const numeric = /^(?:[a-z]{2,4})?([+-])(\d{1,2}):?(\d{2})?$/.exec(z);
  if (numeric) {
    const minutes = Number(numeric[2]) * 60 + Number(numeric[3] ?? 0);
    return numeric[1] === "-" ? -minutes : minutes;
  }
  // An unknown named zone: better a date a few hours off than no date at all.
  return /^[a-z]{2,5}$/.test(z) ? 0 : Number.NaN;
}

/**
 * Durations as feeds write them (itunes:duration and friends): "h:mm:ss", "mm:ss", "m:ss"
 * (HH:MM:SS time strings) or plain seconds, possibly fractional. Returns whole seconds or null.
 */
export function parseDuration(raw: string | number | null | undefined): number | null {
  if (raw == null) return null;
  if (typeof raw === "number") return Number.isFinite(raw) && raw >= 0 ? Math.round(raw) : null;
  const value = raw.trim();
  if (/^\d+(?:\.\d+)?$/.test(value)) return Math.round(Number(value));
  const parts = /^(?:(\d+):)?(\d{1,2}):(\d{1,2}(?:\.\d+)?)$/.exec(value);
  if (!parts) return null;
  const [, h = "0", m = "0", s = "0"] = parts;
  return Math.round(Number(h) * 3600 + Number(m) * 60 + Number(s));
}
