import { useTranslation } from "react-i18next";
import { setGeneralSetting, useGeneralSettings } from "../../settings/hooks.ts";
import { readLocalRecord } from "../../settings/local-record.ts";
import { browserStorage } from "../../settings/storage.ts";
import { ChoiceRow, SettingsSection, SwitchRow } from "../../ui/setting-rows.tsx";

type Toggle =
  | "showQuickTimeline"
  | "autoGroup"
  | "dataPersist"
  | "sendAnonymousData"
  | "openLinksInExternalApp";

/** The general settings an "advanced settings" switch reveals, each with its effect in the hint. */
const TOGGLES: readonly Toggle[] = [
  "autoGroup",
  "showQuickTimeline",
  "dataPersist",
  "sendAnonymousData",
  "openLinksInExternalApp",
];

/**
 * enhancedSettings (off by default) and what it reveals: the start-up screen, the quick timeline,
 * grouping by site, keeping data on the device, anonymous data and external links. It opens by
 * itself on a device whose stored settings already differed there (the local `v1` migration).
 */
export function AdvancedGeneralSection() {
  const { t } = useTranslation("onboarding");
  const general = useGeneralSettings();
  const changedBefore = readLocalRecord(browserStorage()).enhancedSettingsChanged === true;
  const open = general.enhancedSettings || changedBefore;

  return (
    <SettingsSection title={t("general.section")}>
      <SwitchRow
        label={t("general.enhancedSettings.label")}
        hint={t("general.enhancedSettings.hint")}
        checked={general.enhancedSettings}
        onChange={(on) => setGeneralSetting("enhancedSettings", on)}
        testId="enhanced-settings"
      />
      {open ? (
        <>
          <ChoiceRow
            label={t("general.startupScreen.label")}
            hint={t("general.startupScreen.hint")}
            value={general.startupScreen}
            choices={(["timeline", "subscription"] as const).map((screen) => ({
              value: screen,
              label: t(`general.startupScreen.options.${screen}`),
            }))}
            onChange={(screen) => setGeneralSetting("startupScreen", screen)}
            testId="startup-screen"
          />
          {TOGGLES.map((key) => (
            <SwitchRow
              key={key}
              label={t(`general.${key}.label`)}
              hint={t(`general.${key}.hint`)}
              checked={general[key]}
              onChange={(on) => setGeneralSetting(key, on)}
              testId={`general-${key}`}
            />
          ))}
        </>
      ) : null}
    </SettingsSection>
  );
}
