import type { ErrorCode } from "../../contract/errors.ts";
import { CodedError } from "../coded-error.ts";

/**
 * A write or read storage refuses by a rule of the data: no such row, not the owner, a limit
 * reached, a duplicate. The catalogue code says which; routes answer it like any coded failure.
 */
export class StorageRefusal extends CodedError {
  constructor(code: ErrorCode, reason?: string | null) {
    super(code, reason);
    this.name = "StorageRefusal";
  }
}
