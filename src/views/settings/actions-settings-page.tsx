import { useTranslation } from "react-i18next";
import { ActionsEditor } from "../actions/actions-editor.tsx";
import { PageHeader } from "../page.tsx";

/** /settings/actions: the action rules editor of /action, inside the settings layout. */
export function ActionsSettingsPage() {
  const { t } = useTranslation();
  return (
    <section data-testid="settings-page-actions">
      <PageHeader
        title={t("settings.panels.actions")}
        description={t("pages.action.description")}
      />
      <div className="p-6">
        <ActionsEditor />
      </div>
    </section>
  );
}
