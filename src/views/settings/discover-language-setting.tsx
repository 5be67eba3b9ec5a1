import { useTranslation } from "react-i18next";
import { DISCOVER_LANGUAGES } from "../../../contract/discover-language.ts";
import { setUISetting, useUISettings } from "../../settings/hooks.ts";
import { SelectRow, SettingsSection } from "../../ui/setting-rows.tsx";
import { discoverLanguageName } from "../discover/discover-language-label.ts";

/** discoverLanguage: the language Discover's results are written in. */
export function DiscoverLanguageSetting() {
  const { t, i18n } = useTranslation("onboarding");
  const ui = useUISettings();
  return (
    <SettingsSection title={t("discoverLanguage.section")}>
      <SelectRow
        label={t("discoverLanguage.label")}
        hint={t("discoverLanguage.hint")}
        value={ui.discoverLanguage}
        choices={DISCOVER_LANGUAGES.map((language) => ({
          value: language,
          label:
            language === "all"
              ? t("discoverLanguage.all")
              : discoverLanguageName(language, i18n.language),
        }))}
        onChange={(language) => setUISetting("discoverLanguage", language)}
        testId="discover-language"
      />
    </SettingsSection>
  );
}
