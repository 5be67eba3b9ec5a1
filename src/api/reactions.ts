import { ACTIVATION_TOAST_MS, ERROR_TOAST_MS } from "../../contract/constants.ts";
import {
  INVITATION_REQUIRED_CODE,
  isActivationCode,
  SILENT_ERROR_CODES,
} from "../../contract/errors.ts";
import { errorText } from "./error-text.ts";
import { isFetchError } from "./fetch-error.ts";

/** A toast the shell shows (sonner). `copyable` gets a copy button. */
export interface ApiToast {
  kind: "error" | "activation";
  title: string;
  description?: string | null;
  copyable?: string | null;
  durationMs: number;
}

/** What the app does when a call fails; the React shell wires these to its services. */
export interface ApiReactions {
  toast(toast: ApiToast): void;
  navigate(path: string): void;
  /** Marks the user signed out and removes the current user. */
  signedOut(): void;
  /** i18next lookup with a default, e.g. `t(key, { defaultValue: fallback })`. */
  translate(key: string, fallback: string): string;
  /** Connectivity: false when a request got no answer, true when any response came. */
  onNetworkResult?(ok: boolean): void;
}

export interface ReactOptions {
  /** No toast: the caller shows the error itself. Sign-out and redirects still happen. */
  silent?: boolean;
  /**
   * false: the call's failure says nothing about the connection (the live change stream,
   * which a proxy may refuse while every other call goes through), so it is not reported.
   */
  network?: boolean;
}

export const ACTIVATION_TITLE_KEY = "errors:activation.title";
export const ACTIVATION_TITLE_FALLBACK = "Activate your account to continue";

/**
 * What the client does about a failed call (sign out, redirect, toast). Anything but an HTTP FetchError is left to
 * the caller; network failures only feed connectivity (reported by the client), never a toast.
 */
export function reactToError(
  error: unknown,
  reactions: ApiReactions,
  options: ReactOptions = {},
): void {
  if (!isFetchError(error) || error.status === null) return;
  const { status, code } = error;
  if (status === 401) {
    reactions.signedOut();
    return;
  }
  if (status === 400 && code === INVITATION_REQUIRED_CODE) {
    reactions.navigate("/invitation");
    return;
  }
  if (options.silent) return;
  if (code !== undefined && SILENT_ERROR_CODES.includes(code)) return;

  const text = errorText(error, reactions.translate);
  const message = text.message;
  const reason = text.reason ?? null;
  if (code !== undefined && isActivationCode(code)) {
    reactions.toast({
      kind: "activation",
      title: reactions.translate(ACTIVATION_TITLE_KEY, ACTIVATION_TITLE_FALLBACK),
      description: reason ?? message,
      durationMs: ACTIVATION_TOAST_MS,
    });
    return;
  }
  reactions.toast({
    kind: "error",
    title: message,
    description: reason,
    copyable: reason,
    durationMs: ERROR_TOAST_MS,
  });
}
