import { FetchError } from "../../api/fetch-error.ts";

/** A failed AI call as the pane shows it: the catalogue code (if any), message and reason. */
export interface AiFailure {
  code: number | undefined;
  message: string;
  reason: string | null;
}

export function describeFailure(error: unknown): AiFailure {
  return error instanceof FetchError
    ? { code: error.code, message: error.message, reason: error.reason ?? null }
    : { code: undefined, message: String(error), reason: null };
}
