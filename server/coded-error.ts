import { ERROR_MESSAGES, type ErrorBody, type ErrorCode } from "../contract/errors.ts";

/**
 * An expected failure with a catalogue code and a reason: a rule of the data refused a write
 * (storage), a feed could not be read (ingest), a request was wrong (http). It knows nothing of
 * HTTP; http/api-error.ts turns any of them into the coded answer `{code, message, reason}`.
 */
export class CodedError extends Error {
  readonly code: ErrorCode;
  readonly reason: string | null;
  constructor(code: ErrorCode, reason?: string | null) {
    super(ERROR_MESSAGES[code]);
    this.name = "CodedError";
    this.code = code;
    this.reason = reason ?? null;
  }

  /** The reason in the request's language; most reasons are for programs and stay as written. */
  reasonIn(_acceptLanguage?: string | null): string | null {
    return this.reason;
  }

  toBody(acceptLanguage?: string | null): ErrorBody {
    return {
      code: this.code,
      message: ERROR_MESSAGES[this.code],
      reason: this.reasonIn(acceptLanguage),
    };
  }
}
