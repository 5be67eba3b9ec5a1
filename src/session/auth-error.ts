import { isFetchError } from "../api/index.ts";

type Translate = (key: string, fallback: string) => string;

export interface AuthErrorText {
  message: string;
  /** The server's details, e.g. "Invalid email or password" under code 1000 "Unauthorized". */
  reason?: string;
}

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
  const message =
    error.code === undefined ? serverText : translate(`errors:${error.code}`, serverText);
  return error.reason && error.reason !== message ? { message, reason: error.reason } : { message };
}
