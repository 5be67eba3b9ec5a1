import { type DestinationStream, type LoggerOptions, pino } from "pino";
import type { ServerConfig } from "./config.ts";
import { redactFeedUrl } from "./feed-url-secrets.ts";

/** Absolute URLs inside free text (an error message quoting the address it fetched). */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi;
/** Fields that hold one URL: `url`, `feedUrl`, `siteUrl`, `webhook_url`... */
const URL_FIELD = /url$/i;

/**
 * Structured JSON logs on stdout, one line per event. A feed's URL may carry its owner's
 * credential (a token in the query, user:password): every URL written to the log, as a field or
 * inside a message or an error, goes through the same redaction as feeds shown to others.
 */
export function createLogger(
  config: Pick<ServerConfig, "logLevel">,
  destination?: DestinationStream,
) {
  const options: LoggerOptions = {
    level: config.logLevel,
    base: { service: "follow-server" },
    redact: ["req.headers.cookie", "req.headers.authorization", "password"],
    formatters: { log: (fields) => redactUrls(fields, 2) as Record<string, unknown> },
    serializers: { err: redactedError },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type Logger = ReturnType<typeof createLogger>;

/** A copy of a log line's fields with URLs redacted, `depth` levels of objects down. */
export function redactUrls(value: unknown, depth: number, key = ""): unknown {
  if (typeof value === "string") {
    return URL_FIELD.test(key) ? redactFeedUrl(value) : redactUrlsInText(value);
  }
  if (depth <= 0 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => redactUrls(item, depth - 1, key));
  if (value instanceof Error || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, field]) => [name, redactUrls(field, depth - 1, name)]),
  );
}

/** pino's error serializer, with URLs redacted in what it keeps (message, stack, own fields). */
function redactedError(error: Error) {
  const serialized = pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
  return redactUrls({ ...serialized }, 3);
}

function redactUrlsInText(text: string): string {
  return text.includes("://") ? text.replace(URL_IN_TEXT, (url) => redactFeedUrl(url)) : text;
}
