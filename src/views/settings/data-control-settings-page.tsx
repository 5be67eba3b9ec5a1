import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { useSyncIndicator } from "../../runtime/use-sync-status.ts";
import { downloadDatabase } from "../../services/download-database.ts";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { SettingsSection } from "../../ui/setting-rows.tsx";
import { PageHeader } from "../page.tsx";
import { OpmlSection } from "./opml-section.tsx";
import { PublishedFeedsSection } from "./published-feeds-section.tsx";

/** A destructive action: the outline button in red. */
const DANGER = "text-red-700 dark:text-red-300";

function ActionRow(props: {
  label: string;
  hint: string;
  action: string;
  danger?: boolean;
  busy: boolean;
  disabled: boolean;
  status?: string | undefined;
  testId: string;
  onClick(): void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4 p-4">
      <div className="min-w-0">
        <p className="font-medium">{props.label}</p>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{props.hint}</p>
        {props.status ? (
          <p className="mt-1 text-sm" role="status" data-testid={`${props.testId}-status`}>
            {props.status}
          </p>
        ) : null}
      </div>
      <Button
        variant="outline"
        size="sm"
        className={props.danger ? DANGER : ""}
        loading={props.busy}
        disabled={props.disabled}
        data-testid={props.testId}
        onClick={props.onClick}
      >
        {props.action}
      </Button>
    </div>
  );
}

/**
 * /settings/data-control: the local database follow.db. Export downloads it (65,536-byte
 * chunks gathered into follow.db); reset empties it and reloads, so everything comes again
 * from the server. Changes not yet synced would be lost by a reset: the confirmation says so.
 */
export function DataControlSettingsPage() {
  const { t } = useTranslation();
  const reader = useRuntime();
  const { pending } = useSyncIndicator();
  const [busy, setBusy] = useState<"export" | "reset" | undefined>();
  const [exported, setExported] = useState<string | undefined>();
  const [failed, setFailed] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);

  async function exportDatabase() {
    if (!reader) return;
    setBusy("export");
    setFailed(undefined);
    try {
      const blob = await downloadDatabase(reader.db);
      setExported(t("settings.dataControl.exported", { size: formatSize(blob.size) }));
    } catch (error) {
      setFailed(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(undefined);
    }
  }

  const resetQuestion =
    pending > 0
      ? t("settings.dataControl.resetConfirmPending", { count: pending })
      : t("settings.dataControl.resetConfirm");

  async function resetDatabase() {
    if (!reader) return;
    setBusy("reset");
    try {
      await reader.engine.stop();
      await reader.db.reset();
      window.location.reload();
    } catch (error) {
      setFailed(error instanceof Error ? error.message : String(error));
      setBusy(undefined);
    }
  }

  return (
    <section data-testid="settings-page-data-control">
      <PageHeader
        title={t("settings.panels.data-control")}
        description={t("settings.descriptions.data-control")}
      />
      <div className="space-y-6 p-6">
        <OpmlSection />
        <PublishedFeedsSection />
        <SettingsSection title={t("settings.dataControl.localTitle")}>
          <ActionRow
            label={t("settings.dataControl.export")}
            hint={t("settings.dataControl.exportHint")}
            action={
              busy === "export"
                ? t("settings.dataControl.exporting")
                : t("settings.dataControl.exportAction")
            }
            busy={busy === "export"}
            disabled={!reader || busy !== undefined}
            status={exported}
            testId="export-database"
            onClick={() => void exportDatabase()}
          />
          <ActionRow
            label={t("settings.dataControl.reset")}
            hint={t("settings.dataControl.resetHint")}
            action={t("settings.dataControl.resetAction")}
            danger
            busy={busy === "reset"}
            disabled={!reader || busy !== undefined}
            status={pending > 0 ? t("settings.dataControl.pending", { count: pending }) : undefined}
            testId="reset-database"
            onClick={() => setConfirming(true)}
          />
        </SettingsSection>
        <ConfirmDialog
          open={confirming}
          title={t("settings.dataControl.reset")}
          body={resetQuestion}
          confirmLabel={t("settings.dataControl.resetAction")}
          testId="reset-database-dialog"
          onClose={() => setConfirming(false)}
          onConfirm={() => void resetDatabase()}
        />
        {failed ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {failed}
          </p>
        ) : null}
      </div>
    </section>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
