import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { errorInWords } from "../../services/error-words.ts";
import { downloadOpml } from "../../services/opml-export.ts";
import { openOpmlImport } from "../../services/opml-import.ts";
import { Button } from "../../ui/button.tsx";
import { ChoiceSelect } from "../../ui/fields.tsx";
import { SettingsSection } from "../../ui/setting-rows.tsx";

/** Moving in and out: import an OPML file from another reader, export yours as OPML. */
export function OpmlSection() {
  const { t } = useTranslation("lists");
  const reader = useRuntime();
  const [folderMode, setFolderMode] = useState<"category" | "view">("category");
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | undefined>();

  async function exportFile() {
    if (!reader) return;
    setBusy(true);
    setStatus(undefined);
    try {
      const count = await downloadOpml(reader.api, folderMode);
      setStatus(t("opml.exported", { count }));
    } catch (error) {
      setStatus(errorInWords(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsSection title={t("opml.section")}>
      <div className="flex flex-wrap items-center justify-between gap-4 p-4">
        <div className="min-w-0">
          <p className="font-medium">{t("opml.importTitle")}</p>
          <p className="text-sm text-zinc-500 dark:text-zinc-400">{t("opml.importHint")}</p>
        </div>
        <Button variant="outline" size="sm" data-testid="opml-import-open" onClick={openOpmlImport}>
          {t("opml.importAction")}
        </Button>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-4 p-4">
        <div className="min-w-0">
          <p className="font-medium">{t("opml.exportTitle")}</p>
          <p className="text-sm text-zinc-500 dark:text-zinc-400">{t("opml.exportHint")}</p>
          {status ? (
            <p className="mt-1 text-sm" role="status" data-testid="opml-export-status">
              {status}
            </p>
          ) : null}
        </div>
        <div className="flex items-center gap-2">
          <ChoiceSelect<"category" | "view">
            aria-label={t("opml.folderMode")}
            value={folderMode}
            choices={[
              { value: "category", label: t("opml.byCategory") },
              { value: "view", label: t("opml.byView") },
            ]}
            onChange={setFolderMode}
            data-testid="opml-folder-mode"
          />
          <Button
            variant="outline"
            size="sm"
            loading={busy}
            disabled={!reader}
            data-testid="opml-export"
            onClick={() => void exportFile()}
          >
            {t("opml.exportAction")}
          </Button>
        </div>
      </div>
    </SettingsSection>
  );
}
