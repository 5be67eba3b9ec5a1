import { useTranslation } from "react-i18next";
import { NEW_FEED_UNREAD_CHOICES } from "../../../contract/new-feed-unread.ts";
import {
  setGeneralSetting,
  updateGeneralSettings,
  useGeneralSettings,
} from "../../settings/hooks.ts";
import { MARK_READ_MODES, markReadFlags, markReadMode } from "../../settings/mark-read-mode.ts";
import { ChoiceRow, SettingsSection, SwitchRow } from "../../ui/setting-rows.tsx";
import { AdvancedGeneralSection } from "./advanced-general-section.tsx";
import { AiSettingsSection } from "./ai-settings-section.tsx";
import { SpotlightSetting } from "./spotlight-setting.tsx";

/** General reading settings, bound to the general settings store. */
export function GeneralPanel() {
  const { t } = useTranslation("controls");
  const general = useGeneralSettings();
  const key = "settings.general";

  return (
    <div className="space-y-8" data-testid="general-panel">
      <SettingsSection title={t(`${key}.sections.timeline`)}>
        <SwitchRow
          label={t(`${key}.unreadOnly.label`)}
          hint={t(`${key}.unreadOnly.hint`)}
          checked={general.unreadOnly}
          onChange={(on) => setGeneralSetting("unreadOnly", on)}
          testId="unread-only"
        />
        <SwitchRow
          label={t(`${key}.groupByDate.label`)}
          hint={t(`${key}.groupByDate.hint`)}
          checked={general.groupByDate}
          onChange={(on) => setGeneralSetting("groupByDate", on)}
          testId="group-by-date"
        />
        <SwitchRow
          label={t(`${key}.dimRead.label`)}
          hint={t(`${key}.dimRead.hint`)}
          checked={general.dimRead}
          onChange={(on) => setGeneralSetting("dimRead", on)}
          testId="dim-read"
        />
      </SettingsSection>

      <SettingsSection title={t(`${key}.sections.markRead`)}>
        <ChoiceRow
          label={t(`${key}.markReadMode.label`)}
          value={markReadMode(general)}
          choices={MARK_READ_MODES.map((mode) => ({
            value: mode,
            label: t(`${key}.markReadMode.options.${mode}`),
            hint: t(`${key}.markReadMode.hints.${mode}`),
          }))}
          onChange={(mode) => updateGeneralSettings(markReadFlags(mode))}
          testId="mark-read-mode"
          stacked
        />
        <ChoiceRow
          label={t(`${key}.newFeedUnread.label`)}
          hint={t(`${key}.newFeedUnread.hint`)}
          value={general.newFeedUnread}
          choices={NEW_FEED_UNREAD_CHOICES.map((count) => ({
            value: count,
            label: t(`${key}.newFeedUnread.options.${count}`),
          }))}
          onChange={(count) => setGeneralSetting("newFeedUnread", count)}
          testId="new-feed-unread"
        />
      </SettingsSection>

      <SettingsSection title={t(`${key}.sections.links`)}>
        <SwitchRow
          label={t(`${key}.jumpOutLinkWarn.label`)}
          hint={t(`${key}.jumpOutLinkWarn.hint`)}
          checked={general.jumpOutLinkWarn}
          onChange={(on) => setGeneralSetting("jumpOutLinkWarn", on)}
          testId="jump-out-link-warn"
        />
      </SettingsSection>

      <SpotlightSetting />

      <AiSettingsSection />

      <AdvancedGeneralSection />
    </div>
  );
}
