import { useTranslation } from "react-i18next";
import {
  CODE_THEME_NAMES,
  CODE_THEMES_DARK,
  CODE_THEMES_LIGHT,
  type CodeThemeDark,
  type CodeThemeLight,
} from "../../settings/code-themes.ts";
import { setUISetting, useUISettings } from "../../settings/hooks.ts";
import {
  ACCENT_COLORS,
  type AccentColor,
  COLOR_MODES,
  CONTENT_FONT_SIZES,
  LINE_HEIGHTS,
  type LineHeightName,
  lineHeightName,
  THUMBNAIL_RATIOS,
  UI_TEXT_SIZES,
} from "../../settings/ui.ts";
import {
  ChoiceRow,
  SelectRow,
  SettingsSection,
  SwitchRow,
  TextAreaRow,
} from "../../ui/setting-rows.tsx";
import { DiscoverLanguageSetting } from "./discover-language-setting.tsx";
import { ToolbarOrderSetting } from "./toolbar-order-setting.tsx";

/** Appearance settings (the UI settings), bound to the UI settings store. */
export function AppearancePanel() {
  const { t } = useTranslation("controls");
  const ui = useUISettings();
  const key = "settings.appearance";
  const sizes = (list: readonly number[]) =>
    list.map((size) => ({ value: size, label: t(`${key}.pixels`, { size }) }));

  return (
    <div className="space-y-8" data-testid="appearance-panel">
      <SettingsSection title={t(`${key}.sections.theme`)}>
        <ChoiceRow
          label={t(`${key}.colorMode.label`)}
          hint={t(`${key}.colorMode.hint`)}
          value={ui.colorMode}
          choices={COLOR_MODES.map((mode) => ({
            value: mode,
            label: t(`${key}.colorMode.options.${mode}`),
          }))}
          onChange={(mode) => setUISetting("colorMode", mode)}
          testId="color-mode"
        />
        <ChoiceRow
          label={t(`${key}.accent.label`)}
          value={ui.accentColor}
          choices={(Object.keys(ACCENT_COLORS) as AccentColor[]).map((name) => ({
            value: name,
            label: t(`${key}.accent.names.${name}`),
            swatch: ACCENT_COLORS[name],
          }))}
          onChange={(name) => setUISetting("accentColor", name)}
          testId="accent-color"
        />
      </SettingsSection>

      <SettingsSection title={t(`${key}.sections.text`)}>
        <SelectRow
          label={t(`${key}.uiTextSize.label`)}
          hint={t(`${key}.uiTextSize.hint`)}
          value={ui.uiTextSize}
          choices={sizes(UI_TEXT_SIZES)}
          onChange={(size) => setUISetting("uiTextSize", size)}
          testId="ui-text-size"
        />
        <SelectRow
          label={t(`${key}.contentFontSize.label`)}
          hint={t(`${key}.contentFontSize.hint`)}
          value={ui.contentFontSize}
          choices={sizes(CONTENT_FONT_SIZES)}
          onChange={(size) => setUISetting("contentFontSize", size)}
          testId="content-font-size"
        />
        <ChoiceRow
          label={t(`${key}.contentLineHeight.label`)}
          value={lineHeightName(ui.contentLineHeight)}
          choices={(Object.keys(LINE_HEIGHTS) as LineHeightName[]).map((name) => ({
            value: name,
            label: t(`${key}.contentLineHeight.options.${name}`),
          }))}
          onChange={(name) => setUISetting("contentLineHeight", LINE_HEIGHTS[name])}
          testId="content-line-height"
        />
      </SettingsSection>

      <SettingsSection title={t(`${key}.sections.layout`)}>
        <ChoiceRow
          label={t(`${key}.thumbnailRatio.label`)}
          value={ui.thumbnailRatio}
          choices={THUMBNAIL_RATIOS.map((ratio) => ({
            value: ratio,
            label: t(`${key}.thumbnailRatio.options.${ratio}`),
          }))}
          onChange={(ratio) => setUISetting("thumbnailRatio", ratio)}
          testId="thumbnail-ratio"
        />
        <SwitchRow
          label={t(`${key}.wideMode.label`)}
          hint={t(`${key}.wideMode.hint`)}
          checked={ui.wideMode}
          onChange={(on) => setUISetting("wideMode", on)}
          testId="wide-mode"
        />
        <SwitchRow
          label={t(`${key}.zenMode.label`)}
          hint={t(`${key}.zenMode.hint`)}
          checked={ui.zenMode}
          onChange={(on) => setUISetting("zenMode", on)}
          testId="zen-mode"
        />
        <SwitchRow
          label={t(`${key}.reduceMotion.label`)}
          hint={t(`${key}.reduceMotion.hint`)}
          checked={ui.reduceMotion}
          onChange={(on) => setUISetting("reduceMotion", on)}
          testId="reduce-motion"
        />
        <TextAreaRow
          label={t(`${key}.customCSS.label`)}
          hint={t(`${key}.customCSS.hint`)}
          value={ui.customCSS}
          onCommit={(css) => setUISetting("customCSS", css)}
          testId="custom-css"
        />
      </SettingsSection>

      <SettingsSection title={t("codeTheme.title")}>
        <SelectRow
          label={t("codeTheme.light")}
          hint={t("codeTheme.hint")}
          value={ui.codeHighlightThemeLight}
          choices={(Object.keys(CODE_THEMES_LIGHT) as CodeThemeLight[]).map((name) => ({
            value: name,
            label: CODE_THEME_NAMES[name],
          }))}
          onChange={(name) => setUISetting("codeHighlightThemeLight", name)}
          testId="code-theme-light"
        />
        <SelectRow
          label={t("codeTheme.dark")}
          value={ui.codeHighlightThemeDark}
          choices={(Object.keys(CODE_THEMES_DARK) as CodeThemeDark[]).map((name) => ({
            value: name,
            label: CODE_THEME_NAMES[name],
          }))}
          onChange={(name) => setUISetting("codeHighlightThemeDark", name)}
          testId="code-theme-dark"
        />
      </SettingsSection>

      <ToolbarOrderSetting />

      <DiscoverLanguageSetting />
    </div>
  );
}
