import { type ErrorCode, httpStatusFor } from "../../contract/errors.ts";
import { CodedError } from "../coded-error.ts";

/**
 * A coded failure of the HTTP layer itself, with the status it is answered with (the catalogue's
 * status for its code unless told otherwise: a 404 for an unknown endpoint, a 413 for a body).
 */
export class ApiError extends CodedError {
  readonly status: number;
  constructor(code: ErrorCode, reason?: string | null, status?: number) {
    super(code, reason);
    this.name = "ApiError";
    this.status = status ?? httpStatusFor(code);
  }
}

/** The status any coded failure is answered with: its own for an ApiError, else its code's. */
export function statusOf(error: CodedError): number {
  return error instanceof ApiError ? error.status : httpStatusFor(error.code);
}
