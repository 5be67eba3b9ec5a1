import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { of } from "rxjs";
import { runCommand } from "../../commands/run.ts";
import { pendingPushCommands$ } from "../../queries/push.ts";
import { useLiveQuery } from "../../queries/use-live-query.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import type { RuntimeServices } from "../../services/runtime-services.ts";
import { useRead } from "../../services/server-read.ts";
import { Button } from "../../ui/button.tsx";
import { fullTime } from "../../ui/format.ts";
import { SettingsSection } from "../../ui/setting-rows.tsx";
import { PageHeader } from "../page.tsx";

type Device = { id: string; name: string | null; service: string; createdAt: string };
type BrowserModule = typeof import("../../services/push/browser.ts");

async function readDevices(source: { api: RuntimeServices["api"]; browser: BrowserModule }) {
  const list = await source.browser.listDevices(source.api);
  return list.map((device): Device => ({ ...device }));
}

/**
 * Settings › Notifications: this browser's push registration, the user's devices (each can be
 * removed), and a test push. The push module loads only here, when the page opens.
 */
export function NotificationsSettingsPage() {
  const { t, i18n } = useTranslation("ai");
  const reader = useRuntime();
  const db = reader?.db;
  const pending = useLiveQuery(() => (db ? pendingPushCommands$(db) : of(0)), [db]);
  const [browser, setBrowser] = useState<BrowserModule | null>(null);
  const [refused, setRefused] = useState(false);

  useEffect(() => {
    void import("../../services/push/browser.ts").then(setBrowser);
  }, []);

  // The list follows the server: read again whenever the device commands have all gone through.
  const [settled, setSettled] = useState(0);
  useEffect(() => {
    if (pending === 0) setSettled((n) => n + 1);
  }, [pending]);
  const source = useMemo(
    () => (reader && browser ? { api: reader.api, browser } : undefined),
    [reader, browser],
  );
  const read = useRead(source, "devices", readDevices, { revision: settled });
  const devices = read.status === "ready" ? read.data : read.status === "failed" ? [] : null;

  async function enable() {
    if (!reader || !browser) return;
    try {
      const subscription = await browser.subscribeThisBrowser(reader.api);
      if (!subscription) return setRefused(true);
      runCommand("push.registerDevice", {}, subscription);
    } catch {
      setRefused(true);
    }
  }

  const supported = browser?.pushSupported() ?? false;
  return (
    <section className="flex min-h-full flex-col" data-testid="notifications-settings">
      <PageHeader title={t("push.title")} description={t("push.description")} />
      <div className="space-y-8 p-6">
        <SettingsSection title={t("push.thisDevice")}>
          <div className="flex flex-wrap items-center gap-3 p-4">
            {supported ? (
              <Button onClick={() => void enable()} data-testid="push-enable">
                {t("push.enable")}
              </Button>
            ) : (
              <p className="text-sm text-zinc-500">{t("push.unsupported")}</p>
            )}
            <Button
              variant="outline"
              onClick={() => runCommand("push.sendTest", {}, {})}
              disabled={!devices?.length}
              data-testid="push-test"
            >
              {t("push.test")}
            </Button>
            {refused ? (
              <p role="status" className="basis-full text-sm text-zinc-500">
                {t("push.refused")}
              </p>
            ) : null}
          </div>
        </SettingsSection>
        <SettingsSection title={t("push.devices")}>
          {devices === null ? null : devices.length === 0 ? (
            <p className="p-4 text-sm text-zinc-500" data-testid="push-no-devices">
              {t("push.none")}
            </p>
          ) : (
            <ul>
              {devices.map((device) => (
                <li
                  key={device.id}
                  className="flex flex-wrap items-center gap-3 p-4"
                  data-testid="push-device"
                >
                  <span className="font-medium">{device.name ?? device.service}</span>
                  <span className="text-sm text-zinc-500">
                    {device.service} · {fullTime(device.createdAt, i18n.language)}
                  </span>
                  <Button
                    className="ml-auto"
                    variant="ghost"
                    size="sm"
                    onClick={() => runCommand("push.removeDevice", {}, { id: device.id })}
                    data-testid="push-remove"
                  >
                    {t("push.remove")}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </SettingsSection>
      </div>
    </section>
  );
}
