import { useTranslation } from "react-i18next";
import { useSyncIndicator } from "../../runtime/use-sync-status.ts";
import { AlertIcon, CloudIcon, CloudOffIcon } from "../../ui/icons.tsx";
import { Spinner } from "../../ui/spinner.tsx";

/** The sync indicator (disabled, offline, synced), in the subscription column footer. */
export function SyncIndicator() {
  const { t } = useTranslation("reader");
  const { state, pending, live } = useSyncIndicator();
  const text =
    state === "offline"
      ? pending > 0
        ? t("sync.offlinePending", { count: pending })
        : t("sync.offline")
      : state === "syncing"
        ? pending > 0
          ? t("sync.pending", { count: pending })
          : t("sync.syncing")
        : state === "disabled"
          ? t("sync.disabled")
          : state === "waiting"
            ? t("sync.waitingDatabase")
            : t("sync.synced");
  const icon =
    state === "offline" ? (
      <CloudOffIcon size={14} />
    ) : state === "syncing" || state === "waiting" ? (
      <Spinner size={16} />
    ) : state === "disabled" ? (
      <AlertIcon size={14} />
    ) : (
      <CloudIcon size={14} />
    );
  return (
    <p
      role="status"
      className={`flex h-7 items-center gap-2 px-3 text-xs ${state === "offline" || state === "disabled" ? "text-amber-700 dark:text-amber-400" : "text-zinc-600 dark:text-zinc-400"}`}
      data-testid="sync-indicator"
      data-state={state}
      data-pending={pending}
      data-live={live}
      title={state === "synced" ? t(live ? "sync.live" : "sync.liveReconnecting") : undefined}
    >
      <span className="flex size-4 items-center justify-center">{icon}</span>
      {text}
    </p>
  );
}
