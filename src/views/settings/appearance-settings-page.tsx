import { useTranslation } from "react-i18next";
import { PageHeader } from "../page.tsx";
import { AppearancePanel } from "./appearance-panel.tsx";

/** /settings/appearance: theme, text and layout (src/settings). */
export function AppearanceSettingsPage() {
  const { t } = useTranslation();
  return (
    <section data-testid="settings-page-appearance">
      <PageHeader
        title={t("settings.panels.appearance")}
        description={t("settings.descriptions.appearance")}
      />
      <div className="p-6">
        <AppearancePanel />
      </div>
    </section>
  );
}
