import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "../language-switcher.tsx";
import { PageHeader } from "../page.tsx";
import { DesktopServerSection } from "./desktop-server-section.tsx";
import { GeneralPanel } from "./general-panel.tsx";

/** /settings/general: the UI language, then the reading settings (src/settings). */
export function GeneralSettingsPage() {
  const { t } = useTranslation();
  return (
    <section data-testid="settings-page-general">
      <PageHeader
        title={t("settings.panels.general")}
        description={t("settings.descriptions.general")}
      />
      <div className="space-y-6 p-6">
        <div className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
          <div>
            <p className="font-medium">{t("language.label")}</p>
            <p className="text-sm text-zinc-500 dark:text-zinc-400">{t("language.hint")}</p>
          </div>
          <LanguageSwitcher testId="settings-language" compact />
        </div>
        <GeneralPanel />
        <DesktopServerSection />
      </div>
    </section>
  );
}
