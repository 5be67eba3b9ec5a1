import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ServerChoice } from "../../../contract/desktop.ts";
import { desktopBridge } from "../../platform/desktop.ts";
import { Button } from "../../ui/button.tsx";
import { Field } from "../../ui/fields.tsx";
import { SettingsSection, SwitchRow } from "../../ui/setting-rows.tsx";

function isWebAddress(value: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(value.trim()).protocol);
  } catch {
    return false;
  }
}

/**
 * Desktop app only (nothing renders on the web): which server the app shows, the bundled local
 * one or a self-hosted one by URL. Saving relaunches the app onto it (electron/desktop.ts).
 */
export function DesktopServerSection() {
  const { t } = useTranslation("desktop");
  const bridge = desktopBridge();
  const [choice, setChoice] = useState<ServerChoice | undefined>();
  const [url, setUrl] = useState("");
  useEffect(() => {
    void bridge?.getServer().then((current) => {
      setChoice(current);
      if (current.kind === "remote") setUrl(current.url);
    });
  }, [bridge]);
  if (!bridge || !choice) return null;
  const remote = choice.kind === "remote";
  const valid = !remote || isWebAddress(url);
  return (
    <SettingsSection title={t("server.title")}>
      <SwitchRow
        label={t("server.remote")}
        hint={t("server.description")}
        checked={remote}
        onChange={(on) => setChoice(on ? { kind: "remote", url } : { kind: "bundled" })}
        testId="desktop-server-remote"
      />
      {remote ? (
        <div className="p-4">
          <Field
            label={t("server.url")}
            value={url}
            placeholder="https://follow.example.org"
            hint={valid ? undefined : t("server.invalidUrl")}
            onChange={(event) => setUrl(event.target.value)}
            data-testid="desktop-server-url"
          />
        </div>
      ) : null}
      <div className="flex justify-end p-4">
        <Button
          size="sm"
          disabled={!valid}
          data-testid="desktop-server-apply"
          onClick={() =>
            void bridge.setServer(remote ? { kind: "remote", url: url.trim() } : choice)
          }
        >
          {t("server.apply")}
        </Button>
      </div>
    </SettingsSection>
  );
}
