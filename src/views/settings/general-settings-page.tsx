import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "../../ui/language-switcher.tsx";
import { EmptyState, PageHeader } from "../page.tsx";

/** /settings/general: the UI language now; the other general settings come later. */
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
        <EmptyState title={t("settings.emptyTitle")} body={t("settings.emptyBody")} />
      </div>
    </section>
  );
}
