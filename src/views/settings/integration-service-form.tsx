import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  DESKTOP_SERVICES,
  endpointChanged,
  type IntegrationService,
  isSecretHint,
  SERVICE_FIELDS,
} from "../../../contract/integrations.ts";
import { Button } from "../../ui/button.tsx";
import { Field } from "../../ui/fields.tsx";
import { SettingsSection, SwitchRow } from "../../ui/setting-rows.tsx";

type Values = Readonly<Record<string, unknown>>;

const text = (values: Values, name: string) =>
  typeof values[name] === "string" ? (values[name] as string) : "";

/**
 * One service's settings: its enable switch, its fields (secrets shown only as the server's
 * hint, replaced by typing a new one), Save and Test connection.
 */
export function IntegrationServiceForm(props: {
  service: IntegrationService;
  values: Values;
  desktop: boolean;
  onSave(patch: Record<string, unknown>): Promise<void>;
  onTest(): Promise<void>;
}) {
  const { t } = useTranslation("integrations");
  const { service, values } = props;
  const fields = SERVICE_FIELDS[service];
  const [enabled, setEnabled] = useState(values[fields.enable] === true);
  const [plain, setPlain] = useState(() =>
    Object.fromEntries(fields.plain.map((name) => [name, text(values, name)])),
  );
  const [secrets, setSecrets] = useState<Record<string, string>>({});
  const [autoMemo, setAutoMemo] = useState(values.enableCuboxAutoMemo === true);
  const [busy, setBusy] = useState<"save" | "test" | undefined>();
  const desktopOnly = (DESKTOP_SERVICES as readonly string[]).includes(service);
  // The server sends a saved token only to the endpoint it was given for: a new endpoint needs
  // it typed again (the server refuses the change otherwise).
  const newEndpoint =
    fields.endpoint !== undefined &&
    endpointChanged(values[fields.endpoint], plain[fields.endpoint]);
  const needsSecret = (name: string) =>
    newEndpoint && isSecretHint(text(values, name)) && (secrets[name] ?? "").trim() === "";
  const missingSecret = fields.secret.some(needsSecret);

  const run = async (kind: "save" | "test", work: () => Promise<void>) => {
    setBusy(kind);
    try {
      await work();
    } finally {
      setBusy(undefined);
    }
  };
  const save = () =>
    run("save", async () => {
      const typed = Object.fromEntries(Object.entries(secrets).filter(([, v]) => v.trim() !== ""));
      await props.onSave({
        [fields.enable]: enabled,
        ...plain,
        ...typed,
        ...(service === "cubox" ? { enableCuboxAutoMemo: autoMemo } : {}),
      });
      setSecrets({});
    });

  return (
    <div data-testid={`integration-${service}`}>
      <SettingsSection title={fields.name}>
        <SwitchRow
          label={t("settings.enable")}
          {...(desktopOnly && !props.desktop ? { hint: t("settings.desktopOnly") } : {})}
          checked={enabled}
          onChange={setEnabled}
          testId={`integration-${service}-enable`}
        />
        {fields.plain.length + fields.secret.length > 0 ? (
          <div className="space-y-3 p-4">
            {fields.plain.map((name) => (
              <Field
                key={name}
                label={t(`settings.fields.${name}`)}
                value={plain[name] ?? ""}
                onChange={(event) => setPlain({ ...plain, [name]: event.target.value })}
                data-testid={`integration-field-${name}`}
              />
            ))}
            {fields.secret.map((name) => {
              const hint = text(values, name);
              return (
                <Field
                  key={name}
                  type="password"
                  autoComplete="off"
                  label={t(`settings.fields.${name}`)}
                  required={needsSecret(name)}
                  hint={
                    needsSecret(name)
                      ? t("settings.secretAgain")
                      : isSecretHint(hint)
                        ? t("settings.secretKept", { hint })
                        : undefined
                  }
                  value={secrets[name] ?? ""}
                  onChange={(event) => setSecrets({ ...secrets, [name]: event.target.value })}
                  data-testid={`integration-field-${name}`}
                />
              );
            })}
          </div>
        ) : null}
        {service === "cubox" ? (
          <SwitchRow
            label={t("settings.fields.enableCuboxAutoMemo")}
            checked={autoMemo}
            onChange={setAutoMemo}
            testId="integration-cubox-memo"
          />
        ) : null}
        <div className="flex justify-end gap-2 p-4">
          <Button
            variant="outline"
            size="sm"
            loading={busy === "test"}
            disabled={busy !== undefined || (desktopOnly && !props.desktop)}
            data-testid={`integration-${service}-test`}
            onClick={() => void run("test", props.onTest)}
          >
            {t("settings.test")}
          </Button>
          <Button
            size="sm"
            loading={busy === "save"}
            disabled={busy !== undefined || missingSecret}
            data-testid={`integration-${service}-save`}
            onClick={() => void save()}
          >
            {t("settings.save")}
          </Button>
        </div>
      </SettingsSection>
    </div>
  );
}
