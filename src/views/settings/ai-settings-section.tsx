import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { SUPPORTED_LANGUAGES } from "../../../contract/constants.ts";
import { setGeneralSetting, useGeneralSettings } from "../../settings/hooks.ts";
import { Select } from "../../ui/fields.tsx";
import { ChoiceRow, SettingsSection, SwitchRow } from "../../ui/setting-rows.tsx";
import { AiProviderForm } from "./ai-provider-form.tsx";

/** The speech voices this browser offers (they load late in some browsers). */
function useVoices(): { name: string; lang: string }[] {
  const [voices, setVoices] = useState<{ name: string; lang: string }[]>([]);
  useEffect(() => {
    if (!("speechSynthesis" in window)) return;
    const synth = window.speechSynthesis;
    const load = () => setVoices(synth.getVoices().map(({ name, lang }) => ({ name, lang })));
    load();
    synth.addEventListener("voiceschanged", load);
    return () => synth.removeEventListener("voiceschanged", load);
  }, []);
  return voices;
}

/** The AI part of the general settings: summary, translation, its mode, and their language. */
export function AiSettingsSection() {
  const { t } = useTranslation("ai");
  const general = useGeneralSettings();
  const voices = useVoices();
  return (
    <SettingsSection title={t("settings.title")}>
      <SwitchRow
        label={t("settings.summary.label")}
        hint={t("settings.summary.hint")}
        checked={general.summary}
        onChange={(on) => setGeneralSetting("summary", on)}
        testId="ai-summary"
      />
      <SwitchRow
        label={t("settings.translation.label")}
        hint={t("settings.translation.hint")}
        checked={general.translation}
        onChange={(on) => setGeneralSetting("translation", on)}
        testId="ai-translation"
      />
      <ChoiceRow
        label={t("settings.translationMode.label")}
        value={general.translationMode}
        choices={(["bilingual", "translation"] as const).map((mode) => ({
          value: mode,
          label: t(`settings.translationMode.${mode}`),
        }))}
        onChange={(mode) => setGeneralSetting("translationMode", mode)}
        testId="ai-translation-mode"
      />
      <ChoiceRow
        label={t("settings.actionLanguage.label")}
        hint={t("settings.actionLanguage.hint")}
        value={general.actionLanguage}
        choices={["default", ...SUPPORTED_LANGUAGES].map((language) => ({
          value: language,
          label: t(`settings.actionLanguage.options.${language}`),
        }))}
        onChange={(language) => setGeneralSetting("actionLanguage", language)}
        testId="ai-action-language"
      />
      <div className="p-4">
        <Select
          label={t("speech.voice.label")}
          value={general.voice}
          choices={[
            { value: "", label: t("speech.voice.default") },
            ...voices.map((voice) => ({
              value: voice.name,
              label: `${voice.name} (${voice.lang})`,
            })),
          ]}
          onChange={(voice) => setGeneralSetting("voice", voice)}
          data-testid="ai-voice"
        />
      </div>
      <AiProviderForm />
    </SettingsSection>
  );
}
