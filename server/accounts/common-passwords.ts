import { createRequire } from "node:module";
import { MIN_PASSWORD_LENGTH, passwordWeakness } from "../../contract/password-rules.ts";
import { localized } from "../i18n/localized.ts";

/** The list stays in memory this long after its last use: sign-ups come in bursts, if at all. */
export const COMMON_PASSWORDS_KEPT_MS = 5 * 60_000;

let common: ReadonlySet<string> | undefined;
let dropTimer: NodeJS.Timeout | undefined;

/**
 * The most common passwords: zxcvbn-ts's list of ~49,000 leaked passwords. Only entries as long
 * as our minimum length can matter (shorter ones are refused anyway), about 18,000. Read on
 * use and let go a while after: the package's lists hold ~4 MB of heap, which an ES module
 * import would keep for the life of the process (one sign-up, and an idle server carried them
 * for good). Required as CommonJS and taken out of require's cache at once, so only our Set
 * remains, and it goes after COMMON_PASSWORDS_KEPT_MS unused.
 */
function commonPasswords(): ReadonlySet<string> {
  common ??= readList();
  clearTimeout(dropTimer);
  dropTimer = setTimeout(dropCommonPasswords, COMMON_PASSWORDS_KEPT_MS);
  dropTimer.unref();
  return common;
}

function readList(): ReadonlySet<string> {
  const require = createRequire(import.meta.url);
  const cached = new Set(Object.keys(require.cache));
  try {
    const { dictionary } = require("@zxcvbn-ts/language-common") as {
      dictionary: { "passwords-common": readonly string[] };
    };
    // Copies: a word may be a slice of the package's packed list, which it would keep.
    return new Set(
      dictionary["passwords-common"]
        .filter((word) => word.length >= MIN_PASSWORD_LENGTH)
        .map(copyOf),
    );
  } finally {
    for (const key of Object.keys(require.cache)) if (!cached.has(key)) delete require.cache[key];
  }
}

function copyOf(word: string): string {
  return Buffer.from(word, "utf8").toString("utf8");
}

/** Whether a password is on the list, ignoring case and surrounding spaces. */
function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}

/** Lets the list go (COMMON_PASSWORDS_KEPT_MS after its last use). */
function dropCommonPasswords(): void {
  clearTimeout(dropTimer);
  common = undefined;
}

/** Whether the list is in memory now (tests). */
export function commonPasswordsLoaded(): boolean {
  return common !== undefined;
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
  if (isCommonPassword(password)) {
    return localized("password.common", acceptLanguage);
  }
  return undefined;
}
