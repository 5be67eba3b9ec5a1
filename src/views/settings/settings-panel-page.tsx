import { useRouterState } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { EmptyState, PageHeader } from "../page.tsx";
import { settingsPageFromPath } from "./panels.ts";

/** A settings panel that later work fills; it knows which one it is from the path. */
export function SettingsPanelPage() {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const page = settingsPageFromPath(pathname) ?? "general";
  return (
    <section data-testid={`settings-page-${page}`}>
      <PageHeader
        title={t(`settings.panels.${page}`)}
        description={t(`settings.descriptions.${page}`)}
      />
      <div className="p-6">
        <EmptyState title={t("settings.emptyTitle")} body={t("settings.emptyBody")} />
      </div>
    </section>
  );
}
