import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import {
  INTEGRATION_SERVICES,
  type IntegrationService,
  SERVICE_FIELDS,
} from "../../../contract/integrations.ts";
import { desktopBridge } from "../../platform/desktop.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import {
  loadIntegrationSettings,
  saveIntegrationSettings,
  testIntegration,
} from "../../services/integrations.ts";
import { useRead } from "../../services/server-read.ts";
import { integrationSettingsStore } from "../../settings/integration.ts";
import { SettingsSection, SwitchRow } from "../../ui/setting-rows.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { toast } from "../../ui/toaster.tsx";
import { PageHeader } from "../page.tsx";
import { IntegrationServiceForm } from "./integration-service-form.tsx";

/**
 * /settings/integration: per service its switch and fields (the `integration` settings tab;
 * tokens and passwords are sealed on the server and come back as hints), a connection test,
 * and the shared saveSummaryAsDescription flag.
 */
export function IntegrationSettingsPage() {
  const { t } = useTranslation("integrations");
  const reader = useRuntime();
  const values = useSyncExternalStore(
    integrationSettingsStore.subscribe,
    integrationSettingsStore.get,
    integrationSettingsStore.get,
  );
  const desktop = desktopBridge() !== undefined;
  // The answer lands in the integration settings store, which the fields read.
  const load = useRead(reader?.api, "integration", loadIntegrationSettings);
  const failed = load.status === "failed";

  const save = async (patch: Record<string, unknown>) => {
    if (!reader) return;
    try {
      await saveIntegrationSettings(reader.api, patch);
      toast.success(t("settings.savedSettings"));
    } catch (error) {
      toast.error(t("settings.loadFailed"), { description: String(error) });
    }
  };
  const test = async (service: IntegrationService) => {
    if (!reader) return;
    const name = SERVICE_FIELDS[service].name;
    const outcome = await testIntegration(reader.api, service);
    if (outcome.ok) toast.success(t("settings.testOk", { service: name }));
    else toast.error(t("failed", { service: name }), { description: outcome.reason });
  };

  return (
    <section data-testid="settings-page-integration">
      <PageHeader title={t("settings.title")} description={t("settings.description")} />
      <div className="space-y-6 p-6">
        {values === undefined ? (
          failed ? (
            <p role="alert">{t("settings.loadFailed")}</p>
          ) : (
            <Spinner size={24} />
          )
        ) : (
          <>
            <SettingsSection title={t("settings.title")}>
              <SwitchRow
                label={t("settings.saveSummaryAsDescription")}
                checked={values.saveSummaryAsDescription === true}
                onChange={(on) => void save({ saveSummaryAsDescription: on })}
                testId="integration-save-summary"
              />
            </SettingsSection>
            {INTEGRATION_SERVICES.map((service) => (
              <IntegrationServiceForm
                key={service}
                service={service}
                values={values}
                desktop={desktop}
                onSave={save}
                onTest={() => test(service)}
              />
            ))}
          </>
        )}
      </div>
    </section>
  );
}
