/**
 * What error reports may never carry, whichever side sends them: entry content, e-mail
 * addresses, tokens (sessions, API keys, one-time codes). Applied to the whole event just
 * before it leaves: every string is redacted, every field whose name says it holds one of
 * these is emptied, and request bodies, cookies and headers are dropped.
 */

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
/** `token=…`, `key=…`, `code=…` in URLs and messages. */
const SECRET_PARAM =
  /\b((?:access_|refresh_|id_|session_|api_?)?(?:token|key|secret|password|code|signature|sig|state))=[^&\s"']+/gi;
/** Long unbroken runs of letters and digits: session tokens, keys, signed ids. */
const LONG_OPAQUE = /\b[A-Za-z0-9_-]{32,}\b/g;
/** Trace and event ids (32 hex digits, or a UUID) are what a report is found by: kept. */
const TRACE_ID = /^(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** Field names whose values are private whatever they hold. */
const PRIVATE_KEY =
  /^(cookies?|authorization|password|passwd|secret|token|api_?key|email|e-?mail|content|html|text|body|data|summary|description|title|query_string|ip_address)$/i;

export const REDACTED = "[redacted]";

export function scrubString(value: string): string {
  return value
    .replace(EMAIL, "[email]")
    .replace(BEARER, "$1 [token]")
    .replace(SECRET_PARAM, "$1=[token]")
    .replace(LONG_OPAQUE, (run) => (TRACE_ID.test(run) ? run : "[token]"));
}

/** A deep copy of `value` with everything private removed; ids (trace, span, event) kept. */
export function scrubValue(value: unknown, key = "", depth = 0): unknown {
  if (depth > 12) return REDACTED;
  if (typeof value === "string") {
    if (PRIVATE_KEY.test(key)) return REDACTED;
    return scrubString(value);
  }
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, key, depth + 1));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [name, inner] of Object.entries(value)) {
      if (PRIVATE_KEY.test(name) && inner && typeof inner === "object") continue;
      out[name] = scrubValue(inner, name, depth + 1);
    }
    return out;
  }
  return value;
}

interface ScrubbableEvent {
  request?: {
    headers?: unknown;
    cookies?: unknown;
    data?: unknown;
    query_string?: unknown;
    url?: string;
  };
  user?: { id?: string | number } & Record<string, unknown>;
  breadcrumbs?: unknown;
}

/** The event as it may leave: the request reduced to method and path, the user to an id. */
export function scrubEvent<E extends ScrubbableEvent>(event: E): E {
  const copy = scrubValue(event) as E;
  if (event.request) {
    const url = event.request.url ? pathOnly(event.request.url) : undefined;
    copy.request = { ...(copy.request ?? {}), ...(url ? { url } : {}) };
    delete copy.request.headers;
    delete copy.request.cookies;
    delete copy.request.data;
    delete copy.request.query_string;
  }
  if (event.user) copy.user = event.user.id !== undefined ? { id: event.user.id } : {};
  return copy;
}

/** Origin and path: the query and fragment can hold searches, tokens and codes. */
function pathOnly(url: string): string {
  try {
    const parsed = new URL(url);
    return scrubString(`${parsed.origin}${parsed.pathname}`);
  } catch {
    return scrubString(url.split(/[?#]/)[0] ?? "");
  }
}

/** Errors nobody can act on (the network, the browser, a user's abort): never reported. */
export const DROPPED_ERRORS = [
  "Network Error",
  "Fetch Error",
  "XHR Error",
  "adsbygoogle",
  "Failed to fetch",
  "fetch failed",
  "Unable to open cursor",
  "Document is not focused.",
  "HTTP Client Error",
  "Chain aborted",
  "The database connection is closing",
  "NotSupportedError",
];

/**
 * Whether an error is on the drop list (its name or message contains an entry, in any case),
 * or an abort.
 * Checked in each reporter's beforeSend: the SDK's own ignoreErrors needs its inbound-filters
 * integration, which the server's client does not install.
 */
export function isDroppedError(error: unknown): boolean {
  if (isAbortLike(error)) return true;
  if (!error || typeof error !== "object") return typeof error === "string" && matches(error);
  const { name, message } = error as { name?: unknown; message?: unknown };
  return matches(`${String(name ?? "")}: ${String(message ?? "")}`);
}

const DROPPED_LOWER = DROPPED_ERRORS.map((entry) => entry.toLowerCase());

function matches(text: string): boolean {
  const lower = text.toLowerCase();
  return DROPPED_LOWER.some((entry) => lower.includes(entry));
}

/** An abort (a navigation away, a cancelled request) is no error. */
export function isAbortLike(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const name = (error as { name?: unknown }).name;
  return name === "AbortError";
}
