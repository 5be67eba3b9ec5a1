import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { endpointInfo } from "../../../contract/api/info.ts";
import { PAGE_PATHS } from "../../../contract/routes.ts";
import { useAppServices } from "../../runtime/app-services.tsx";
import { useServerRead } from "../../services/server-read.ts";
import { PowerIcon } from "../../ui/icons.tsx";
import { SettingsSection } from "../../ui/setting-rows.tsx";
import { PageHeader } from "../page.tsx";

/**
 * What POWER does on the hosted service, and what this server does instead. The API has no
 * wallet (no balance, claim, tip, boost or withdraw endpoint), so each is "not on this server";
 * the two places a price would apply say what happens here.
 */
export const POWER_FEATURES = [
  { id: "claim", available: false },
  { id: "tips", available: false },
  { id: "boosts", available: false },
  { id: "withdraw", available: false },
  { id: "paidLists", available: false },
  { id: "invitations", available: true },
] as const;

/** /settings/power and /power: POWER on a self-hosted server. */
export function PowerSettingsPage(props: { testId?: string }) {
  const { t } = useTranslation();
  const { api } = useAppServices();
  const limitation = useServerRead(api, endpointInfo.invitations.limitation, {});
  const codesLeft = limitation.status === "ready" ? limitation.data.data : null;

  return (
    <section data-testid={props.testId ?? "settings-page-power"}>
      <PageHeader
        title={t("settings.panels.power")}
        description={t("settings.descriptions.power")}
      />
      <div className="space-y-6 p-6">
        <div
          className="flex items-start gap-4 rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-700/60 dark:bg-amber-950/30"
          role="status"
          data-testid="power-not-enabled"
        >
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
            <PowerIcon size={20} />
          </span>
          <div className="min-w-0 space-y-1">
            <p className="font-medium">{t("settings.power.notEnabledTitle")}</p>
            <p className="text-sm text-zinc-600 dark:text-zinc-300">
              {t("settings.power.notEnabledBody")}
            </p>
          </div>
        </div>
        <SettingsSection title={t("settings.power.featuresTitle")}>
          {POWER_FEATURES.map(({ id, available }) => (
            <div
              key={id}
              className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 p-4"
              data-testid={`power-feature-${id}`}
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium">{t(`settings.power.features.${id}.title`)}</p>
                <p className="text-sm text-zinc-500 dark:text-zinc-400">
                  {t(`settings.power.features.${id}.body`)}
                </p>
                {id === "invitations" ? (
                  <p className="mt-1 text-sm">
                    {codesLeft !== null ? (
                      <span data-testid="power-codes-left">
                        {t("settings.power.codesLeft", { count: codesLeft })}{" "}
                      </span>
                    ) : null}
                    <Link
                      to={`${PAGE_PATHS.settings}/invitations`}
                      className="text-accent underline-offset-2 hover:underline"
                    >
                      {t("settings.panels.invitations")}
                    </Link>
                  </p>
                ) : null}
              </div>
              <span
                className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${
                  available
                    ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200"
                    : "bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300"
                }`}
              >
                {available ? t("settings.power.free") : t("settings.power.notHere")}
              </span>
            </div>
          ))}
        </SettingsSection>
      </div>
    </section>
  );
}

/** /power: the same page outside the settings layout. */
export function PowerPage() {
  return <PowerSettingsPage testId="power-page" />;
}
