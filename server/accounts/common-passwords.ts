import { MIN_PASSWORD_LENGTH, passwordWeakness } from "../../contract/password-rules.ts";
import { localized } from "../i18n/localized.ts";

/**
 * The most common passwords (issue 10, L5): zxcvbn-ts's list of ~49,000 leaked passwords, ordered
 * by frequency. Only entries as long as our minimum length can matter (shorter ones are refused
 * anyway), about 18,000. Loaded on first use: the list costs ~6 MB of heap that a server which
 * never sees a sign-up should not carry.
 */
let common: Promise<ReadonlySet<string>> | undefined;

function load(minLength: number): Promise<ReadonlySet<string>> {
  common ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) =>
      new Set(dictionary["passwords-common"].filter((word) => word.length >= minLength)),
  );
  return common;
}

/** Whether a password is on the list, ignoring case and surrounding spaces. */
async function isCommonPassword(password: string, minLength = 8): Promise<boolean> {
  const list = await load(minLength);
  return list.has(password.trim().toLowerCase());
}

/**
 * Why a new password is refused, in the request's language, or undefined: the shared rules
 * (contract/password-rules.ts), then the common-password list.
 */
export async function passwordRefusal(
  password: string,
  acceptLanguage: string | null | undefined,
): Promise<string | undefined> {
  const weakness = passwordWeakness(password);
  if (weakness) return localized(`password.${weakness}`, acceptLanguage);
  if (await isCommonPassword(password, MIN_PASSWORD_LENGTH)) {
    return localized("password.common", acceptLanguage);
  }
  return undefined;
}
