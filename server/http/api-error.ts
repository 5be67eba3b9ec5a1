import {
  ERROR_MESSAGES,
  type ErrorBody,
  type ErrorCode,
  httpStatusFor,
} from "../../contract/errors.ts";

/** An expected failure with a catalogue code; answered as `{code, message, reason}`. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly reason: string | null;
  readonly status: number;
  constructor(code: ErrorCode, reason?: string | null, status?: number) {
    super(ERROR_MESSAGES[code]);
    this.name = "ApiError";
    this.code = code;
    this.reason = reason ?? null;
    this.status = status ?? httpStatusFor(code);
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
