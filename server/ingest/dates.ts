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

/** Parses RFC 822/2822 (with odd zones), ISO 8601 / W3CDTF, and a few common variants. */
export function parseFeedDate(raw: string | null | undefined): Date | null {
  const value = raw?.trim().replace(/\s+/g, " ");
  if (!value) return null;
  const date = parseIso(value) ?? parseRfc822(value) ?? parseLoose(value);
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
 * (SPEC §5 time strings) or plain seconds, possibly fractional. Returns whole seconds or null.
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
