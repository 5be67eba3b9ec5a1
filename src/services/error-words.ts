import { errorLine } from "../api/error-text.ts";
import { translate } from "../i18n/index.ts";

/** A failed call as one line in the reader's language (for screens: no request or library text). */
export function errorInWords(error: unknown): string {
  return errorLine(error, translate);
}
