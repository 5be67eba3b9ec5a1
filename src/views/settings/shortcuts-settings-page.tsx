import { useTranslation } from "react-i18next";
import { detectEnvironment } from "../../platform/client-info.ts";
import { ShortcutList } from "../../shortcuts/shortcut-list.tsx";
import { PageHeader } from "../page.tsx";

/** /settings/shortcuts: every keyboard shortcut, grouped as the shortcut sheet is (src/shortcuts). */
export function ShortcutsSettingsPage() {
  // "controls" loads after the start (LATER_NAMESPACES): naming it waits for its strings.
  const { t } = useTranslation(["app", "controls"]);
  return (
    <section data-testid="settings-page-shortcuts">
      <PageHeader
        title={t("settings.panels.shortcuts")}
        description={t("controls:shortcuts.description")}
      />
      <div className="p-6">
        <ShortcutList web={detectEnvironment(window) === "web"} />
      </div>
    </section>
  );
}
