import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { PAGE_PATHS } from "../../../contract/routes.ts";
import { ChevronRightIcon } from "../../ui/icons.tsx";
import { PageHeader } from "../page.tsx";
import { SETTINGS_PAGES } from "./panels.ts";

/** /settings: an overview of every panel. */
export function SettingsIndex() {
  const { t } = useTranslation();
  return (
    <section data-testid="settings-index">
      <PageHeader title={t("settings.title")} description={t("settings.description")} />
      <ul className="grid gap-3 p-6 sm:grid-cols-2 xl:grid-cols-3">
        {SETTINGS_PAGES.map((page) => (
          <li key={page}>
            <Link
              to={`${PAGE_PATHS.settings}/${page}`}
              className="group flex h-full items-start gap-3 rounded-xl border border-zinc-200 p-4 transition-colors hover:border-accent/50 hover:bg-accent-soft/40 dark:border-zinc-800"
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium">{t(`settings.panels.${page}`)}</p>
                <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
                  {t(`settings.descriptions.${page}`)}
                </p>
              </div>
              <ChevronRightIcon className="mt-0.5 text-zinc-400 group-hover:text-accent" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
