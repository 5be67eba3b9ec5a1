import { useRouter } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { APP_VERSION } from "../../../contract/constants.ts";
import { FIELD_CLASS } from "../../ui/fields.tsx";
import { SettingsSection } from "../../ui/setting-rows.tsx";
import { PageHeader } from "../page.tsx";
import licenses from "./about/licenses.json";

/** Where "Report a problem" goes: the issue tracker the build was configured with. */
function useIssueTracker(): string | undefined {
  const router = useRouter();
  return (router.options.context as { env?: { issueTrackerUrl?: string } }).env?.issueTrackerUrl;
}

/** /settings/about: version, links, and the licences of the packages we ship (from the lock file). */
export function AboutSettingsPage() {
  const { t } = useTranslation("accounts");
  const issues = useIssueTracker();
  const [filter, setFilter] = useState("");
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle
      ? licenses.filter((p) => `${p.name} ${p.license}`.toLowerCase().includes(needle))
      : licenses;
  }, [filter]);
  const counts = useMemo(() => {
    const byLicense = new Map<string, number>();
    for (const p of licenses) byLicense.set(p.license, (byLicense.get(p.license) ?? 0) + 1);
    return [...byLicense].sort((a, b) => b[1] - a[1]);
  }, []);

  return (
    <section data-testid="settings-page-about">
      <PageHeader title={t("about.title")} description={t("about.description")} />
      <div className="space-y-6 p-6">
        <SettingsSection title={t("about.app")}>
          <div className="space-y-2 p-4 text-sm">
            <p>
              <span className="font-medium">Follow</span>{" "}
              <span data-testid="about-version">
                {t("about.version", { version: APP_VERSION })}
              </span>
            </p>
            {issues ? (
              <p>
                <a
                  href={issues}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="underline"
                  data-testid="about-issues"
                >
                  {t("about.reportProblem")}
                </a>
              </p>
            ) : null}
          </div>
        </SettingsSection>
        <SettingsSection title={t("about.licenses")}>
          <div className="space-y-3 p-4">
            <p
              className="text-sm text-zinc-600 dark:text-zinc-400"
              data-testid="about-license-summary"
            >
              {t("about.licenseSummary", { count: licenses.length })}{" "}
              {counts.map(([license, count]) => `${license} ${count}`).join(", ")}
            </p>
            <input
              type="search"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              placeholder={t("about.filter")}
              aria-label={t("about.filter")}
              className={FIELD_CLASS}
              data-testid="about-license-filter"
            />
            <ul
              className="max-h-96 divide-y divide-zinc-200 overflow-y-auto text-sm dark:divide-zinc-800"
              data-testid="about-license-list"
            >
              {shown.map((p) => (
                <li key={`${p.name}@${p.version}`} className="flex justify-between gap-3 py-1.5">
                  <span className="truncate font-mono text-xs">
                    {p.name} <span className="text-zinc-500">{p.version}</span>
                  </span>
                  <span className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400">
                    {p.license}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </SettingsSection>
      </div>
    </section>
  );
}
