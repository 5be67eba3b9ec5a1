import { isFetchError } from "./fetch-error.ts";

/** i18next lookup with a default (the catalogue's English when no translation is loaded). */
export type Translate = (key: string, fallback: string) => string;

/** An error as a person reads it: one message in their language, and the reason when it helps. */
export interface ErrorText {
  message: string;
  reason?: string;
}

export const PROBLEM_KEYS = {
  network: [
    "app:problems.network",
    "Cannot reach the server. Check your connection and try again.",
  ],
  failed: ["app:problems.failed", "The server could not complete this. Please try again."],
  unknown: ["app:problems.unknown", "Something went wrong. Please try again."],
} as const;

/**
 * The words for a failed call: the catalogue message of its code (never the method, the path or
 * a library's text), with the server's reason below it; a failure without a code says so plainly.
 */
export function errorText(error: unknown, translate: Translate): ErrorText {
  const say = ([key, fallback]: readonly [string, string]) => translate(key, fallback);
  if (!isFetchError(error)) return { message: say(PROBLEM_KEYS.unknown) };
  if (error.status === null) return { message: say(PROBLEM_KEYS.network) };
  const reason = error.reason && !looksTechnical(error.reason) ? error.reason : undefined;
  const own =
    error.serverMessage && !looksTechnical(error.serverMessage) ? error.serverMessage : "";
  const message =
    error.code === undefined
      ? own || say(PROBLEM_KEYS.failed)
      : translate(`errors:${error.code}`, own || say(PROBLEM_KEYS.failed));
  return reason && reason !== message ? { message, reason } : { message };
}

/** One line: the message, then the reason. */
export function errorLine(error: unknown, translate: Translate): string {
  const { message, reason } = errorText(error, translate);
  return reason ? `${message}: ${reason}` : message;
}

/** A request line or a stack frame is not for people (the reason of a coded error usually is). */
export function looksTechnical(text: string): boolean {
  return /\b(GET|POST|PUT|PATCH|DELETE) \/|\/api\/|failed with \d{3}|\bat \S+:\d+:\d+/.test(text);
}
