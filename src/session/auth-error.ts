import { isFetchError } from "../api/index.ts";

type Translate = (key: string, fallback: string) => string;

export interface AuthErrorText {
  message: string;
  /** The server's details, e.g. "Invalid email or password" under code 1000 "Unauthorized". */
  reason?: string;
}

/** better-auth's reason for a wrong e-mail or password (its wording, in English). */
const INVALID_CREDENTIALS = /^invalid (e-?mail|username) or password$/i;

/**
 * The inline message for a failed sign-in or sign-up: the catalogue translation when the server
 * sent a known code, else the server's own message, else a generic line; plus the reason.
 */
export function authErrorMessage(
  error: unknown,
  translate: Translate,
  generic: { network: string; unknown: string },
): AuthErrorText {
  if (!isFetchError(error)) return { message: generic.unknown };
  if (error.status === null) return { message: generic.network };
  const serverText = error.serverMessage ?? generic.unknown;
  // "Unprocessable content" tells a person nothing: the reason is written for them (a refused
  // sign-up with a registered address, a taken handle), so it is the message.
  if (error.code === 3 && error.reason) return { message: error.reason };
  // A refused sign-in is one fact, not "Unauthorized" above it: wrong address or password.
  if (error.code === 1000 && error.reason) {
    return INVALID_CREDENTIALS.test(error.reason)
      ? { message: translate("app:auth.invalidCredentials", error.reason) }
      : { message: error.reason };
  }
  const message =
    error.code === undefined ? serverText : translate(`errors:${error.code}`, serverText);
  return error.reason && error.reason !== message ? { message, reason: error.reason } : { message };
}
