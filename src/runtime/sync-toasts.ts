import { useEffect } from "react";
import { ERROR_TOAST_MS } from "../../contract/constants.ts";
import { i18n } from "../i18n/index.ts";
import type { SyncEngine } from "../sync/engine.ts";
import type { CommandRejection } from "../sync/failures.ts";

export type { CommandRejection };

import { showToast } from "../ui/toasts.tsx";

/** The coded message of a rejection: errors:{code}, else the server's own words. */
export function rejectionMessage(rejection: CommandRejection): string {
  const key = rejection.messageKey;
  return key && i18n.exists(key) ? i18n.t(key) : rejection.fallback;
}

/**
 * What a refusal's toast says under its title: the catalogue message and the reason the server
 * gave ("Feed fetch error: https://… answered HTTP 404"), so the user sees why, not just a code.
 */
export function rejectionDescription(rejection: CommandRejection): string {
  const message = rejectionMessage(rejection);
  const reason = rejection.reason?.trim();
  if (!reason || reason === message) return message;
  return i18n.t("commands:sync.because", { message, reason });
}

/** A command the server refused was rolled back: say which, and why, in a toast. */
export function useSyncErrorToasts(engine: SyncEngine | undefined) {
  useEffect(() => {
    if (!engine) return;
    const subscription = engine.errors$.subscribe((rejection) => {
      const action = i18n.t(rejection.label);
      showToast(
        {
          kind: "error",
          title: i18n.t("commands:sync.undone", { action }),
          description: rejectionDescription(rejection),
          copyable: rejection.reason ?? null,
          durationMs: ERROR_TOAST_MS,
        },
        { activation: { label: "", onClick: () => undefined } },
      );
    });
    return () => subscription.unsubscribe();
  }, [engine]);
}
