import { MIN_PASSWORD_LENGTH, passwordWeakness } from "../../../../contract/password-rules.ts";

export { MIN_PASSWORD_LENGTH };

/**
 * The errors-catalogue key saying why the server would refuse a new password (the same rules,
 * contract/password-rules.ts), or undefined; the server also checks a list of common ones.
 */
export function weakPasswordKey(password: string): string | undefined {
  const weakness = passwordWeakness(password);
  return weakness ? `errors:password.${weakness}` : undefined;
}
