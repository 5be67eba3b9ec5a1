import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ACCOUNT_SETTINGS_PATH, PAGE_PATHS } from "../../../contract/routes.ts";
import { setGeneralSetting, useGeneralSettings } from "../../settings/hooks.ts";
import { ChevronRightIcon } from "../../ui/icons.tsx";
import { SettingsSection, SwitchRow } from "../../ui/setting-rows.tsx";
import { PageHeader } from "../page.tsx";

/** What other people can see of you, each with where to change it. */
const VISIBILITY = [
  { id: "profile", to: `${PAGE_PATHS.settings}/profile` },
  { id: "subscriptions", to: `${PAGE_PATHS.settings}/feeds` },
  { id: "lists", to: `${PAGE_PATHS.settings}/list` },
  { id: "reading", to: undefined },
  { id: "inboxes", to: `${PAGE_PATHS.settings}/feeds` },
] as const;

/** Where the person's data goes, and how to take it out or end it. */
const CONTROLS = [
  { id: "sessions", to: ACCOUNT_SETTINGS_PATH },
  { id: "export", to: `${PAGE_PATHS.settings}/data-control` },
  { id: "delete", to: ACCOUNT_SETTINGS_PATH },
] as const;

function LinkRow(props: { title: string; body: string; to: string; testId: string }) {
  return (
    <Link
      to={props.to}
      className="group flex items-start justify-between gap-4 p-4 hover:bg-zinc-50 dark:hover:bg-zinc-800/50"
      data-testid={props.testId}
    >
      <div className="min-w-0">
        <p className="font-medium">{props.title}</p>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{props.body}</p>
      </div>
      <ChevronRightIcon className="mt-0.5 shrink-0 text-zinc-400 group-hover:text-accent" />
    </Link>
  );
}

/**
 * /settings/privacy: who sees what of you on this server (profile, subscriptions, lists, reading,
 * inboxes), the switches that send data off this device, and the ways to see sessions, export
 * or delete everything.
 */
export function PrivacySettingsPage() {
  const { t } = useTranslation();
  const { t: tg } = useTranslation("onboarding");
  const general = useGeneralSettings();
  return (
    <section data-testid="settings-page-privacy">
      <PageHeader
        title={t("settings.panels.privacy")}
        description={t("settings.descriptions.privacy")}
      />
      <div className="space-y-6 p-6">
        <SettingsSection title={t("settings.privacy.visibleTitle")}>
          {VISIBILITY.map(({ id, to }) =>
            to ? (
              <LinkRow
                key={id}
                title={t(`settings.privacy.visible.${id}.title`)}
                body={t(`settings.privacy.visible.${id}.body`)}
                to={to}
                testId={`privacy-${id}`}
              />
            ) : (
              <div key={id} className="p-4" data-testid={`privacy-${id}`}>
                <p className="font-medium">{t(`settings.privacy.visible.${id}.title`)}</p>
                <p className="text-sm text-zinc-500 dark:text-zinc-400">
                  {t(`settings.privacy.visible.${id}.body`)}
                </p>
              </div>
            ),
          )}
        </SettingsSection>
        <SettingsSection title={t("settings.privacy.deviceTitle")}>
          <SwitchRow
            label={tg("general.sendAnonymousData.label")}
            hint={tg("general.sendAnonymousData.hint")}
            checked={general.sendAnonymousData}
            onChange={(on) => setGeneralSetting("sendAnonymousData", on)}
            testId="privacy-sendAnonymousData"
          />
          <SwitchRow
            label={tg("general.dataPersist.label")}
            hint={tg("general.dataPersist.hint")}
            checked={general.dataPersist}
            onChange={(on) => setGeneralSetting("dataPersist", on)}
            testId="privacy-dataPersist"
          />
        </SettingsSection>
        <SettingsSection title={t("settings.privacy.controlTitle")}>
          {CONTROLS.map(({ id, to }) => (
            <LinkRow
              key={id}
              title={t(`settings.privacy.control.${id}.title`)}
              body={t(`settings.privacy.control.${id}.body`)}
              to={to}
              testId={`privacy-${id}`}
            />
          ))}
        </SettingsSection>
      </div>
    </section>
  );
}
