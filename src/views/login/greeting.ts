import type { KeyValueStorage } from "../../settings/storage.ts";
import type { AuthMode } from "./credentials-form.tsx";

/** Set once someone has signed in or up in this browser: only then is it "Welcome back". */
export const SIGNED_IN_BEFORE_KEY = "follow.signedInBefore";

export function hasSignedInBefore(storage: KeyValueStorage | undefined): boolean {
  try {
    return storage?.getItem(SIGNED_IN_BEFORE_KEY) === "1";
  } catch {
    return false;
  }
}

export function rememberSignedIn(storage: KeyValueStorage | undefined): void {
  try {
    storage?.setItem(SIGNED_IN_BEFORE_KEY, "1");
  } catch {
    // Storage disabled: the next visit is greeted neutrally, which is harmless.
  }
}

/** The login page's heading: a first-time visitor is welcomed, not welcomed back. */
export function greetingKey(
  mode: AuthMode,
  signedInBefore: boolean,
): "auth.signUpTitle" | "auth.signInTitle" | "auth.welcomeTitle" {
  if (mode === "sign-up") return "auth.signUpTitle";
  return signedInBefore ? "auth.signInTitle" : "auth.welcomeTitle";
}
