import { ApiError } from "../http/api-error.ts";

/** Why an ingestion stage failed; finer than the catalogue code, useful for logs and backoff. */
export type IngestFailureKind =
  | "url-required"
  | "bad-url"
  | "blocked-address"
  | "dns"
  | "connect"
  | "timeout"
  | "too-large"
  | "too-many-redirects"
  | "http-status"
  | "decode"
  | "not-a-feed"
  | "malformed"
  /** Refused for the work reading it would take (time or memory past the pool's limits). */
  | "too-costly";

/**
 * A coded ingestion failure: an ApiError (2002, 2003 or 2004) carrying a human reason and the
 * kind of failure, so routes answer it as-is and the scheduler can tell a 429 from a timeout.
 */
export class IngestError extends ApiError {
  readonly kind: IngestFailureKind;
  /** The upstream HTTP status, when the failure is an HTTP answer. */
  readonly httpStatus: number | null;
  /** Seconds the upstream asked us to wait (429/503 Retry-After), if any. */
  readonly retryAfterSeconds: number | null;

  constructor(
    code: 2002 | 2003 | 2004,
    kind: IngestFailureKind,
    reason: string,
    details: { httpStatus?: number; retryAfterSeconds?: number | null; cause?: unknown } = {},
  ) {
    super(code, reason);
    this.name = "IngestError";
    this.kind = kind;
    this.httpStatus = details.httpStatus ?? null;
    this.retryAfterSeconds = details.retryAfterSeconds ?? null;
    if (details.cause !== undefined) this.cause = details.cause;
  }
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
