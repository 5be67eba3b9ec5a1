import { CodedError } from "../coded-error.ts";
import { localized } from "../i18n/localized.ts";

/** Why an ingestion stage failed; finer than the catalogue code, useful for logs and backoff. */
export type IngestFailureKind =
  | "url-required"
  | "bad-url"
  | "blocked-address"
  | "dns"
  | "connect"
  /** The site did not complete a secure (HTTPS) connection: TLS refused, bad certificate. */
  | "tls"
  | "timeout"
  | "too-large"
  | "too-many-redirects"
  | "http-status"
  | "decode"
  | "not-a-feed"
  | "malformed"
  /** Refused for the work reading it would take (time or memory past the pool's limits). */
  | "too-costly";

/** A reason written for people: its key in locales/<language>/errors.json and the values for its {{placeholders}}. */
export interface ReasonText {
  key: string;
  params: Record<string, string>;
}

/**
 * A coded ingestion failure (2002, 2003 or 2004) carrying a human reason and the kind of
 * failure, so routes answer it as-is and the scheduler can tell a 429 from a timeout.
 */
export class IngestError extends CodedError {
  readonly kind: IngestFailureKind;
  /** The upstream HTTP status, when the failure is an HTTP answer. */
  readonly httpStatus: number | null;
  /** Seconds the upstream asked us to wait (429/503 Retry-After), if any. */
  readonly retryAfterSeconds: number | null;
  /** A reason written for people, translated when answered (see reasonIn). */
  private readonly text: ReasonText | null;

  constructor(
    code: 2002 | 2003 | 2004,
    kind: IngestFailureKind,
    reason: string,
    details: {
      httpStatus?: number;
      retryAfterSeconds?: number | null;
      cause?: unknown;
      text?: ReasonText;
    } = {},
  ) {
    super(code, details.text ? fillIn(details.text, null) : reason);
    this.name = "IngestError";
    this.kind = kind;
    this.httpStatus = details.httpStatus ?? null;
    this.retryAfterSeconds = details.retryAfterSeconds ?? null;
    if (details.cause !== undefined) this.cause = details.cause;
    this.text = details.text ?? null;
  }

  /** The translated reason when there is one (the guard's refusal), else the reason as written. */
  override reasonIn(acceptLanguage?: string | null): string | null {
    return this.text ? fillIn(this.text, acceptLanguage ?? null) : this.reason;
  }
}

function fillIn(text: ReasonText, acceptLanguage: string | null): string {
  return localized(text.key, acceptLanguage).replace(
    /\{\{(\w+)\}\}/g,
    (token, name: string) => text.params[name] ?? token,
  );
}

export function urlRequired(): IngestError {
  return new IngestError(2002, "url-required", "a feed URL is required");
}

export function fetchFailed(
  kind: IngestFailureKind,
  reason: string,
  details?: ConstructorParameters<typeof IngestError>[3],
): IngestError {
  return new IngestError(2003, kind, reason, details);
}

/**
 * The guard refused a private, loopback or otherwise special address. The reason says so and
 * tells how the operator can allow such addresses, in the reader's language.
 */
export function blockedAddress(address: string, range: string, hostname?: string): IngestError {
  const target = hostname && hostname !== address ? `${hostname} (${address})` : address;
  return new IngestError(2003, "blocked-address", "", {
    text: { key: "fetch.privateAddress", params: { address: target, range } },
  });
}

/** The server answered outside 2xx; the reason, for people, names the URL and the status. */
export function httpStatusFailed(
  url: string,
  status: number,
  retryAfterSeconds: number | null,
): IngestError {
  return new IngestError(2003, "http-status", "", {
    httpStatus: status,
    retryAfterSeconds,
    text: { key: "fetch.httpStatus", params: { url, status: String(status) } },
  });
}

/** The body passed the size limit (limit already written for people: "10 MB"). */
export function tooLargeFailed(limit: string): IngestError {
  return new IngestError(2003, "too-large", "", {
    text: { key: "fetch.tooLarge", params: { limit } },
  });
}

/** Neither the page nor any feed it links (or the usual feed paths) could be read. */
export function noFeedFound(url: string, tried: number): IngestError {
  return new IngestError(2004, "not-a-feed", "", {
    text: { key: "fetch.noFeedFound", params: { url, count: String(tried) } },
  });
}

export function parseFailed(
  kind: "not-a-feed" | "malformed" | "decode",
  reason: string,
  cause?: unknown,
) {
  return new IngestError(2004, kind, reason, { cause });
}

export function isIngestError(value: unknown): value is IngestError {
  return value instanceof IngestError;
}
