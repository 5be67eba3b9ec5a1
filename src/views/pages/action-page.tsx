import { useTranslation } from "react-i18next";
import { ActionsEditor } from "../actions/actions-editor.tsx";
import { PageHeader } from "../page.tsx";

/** Actions: rules run on each new entry of the user's feeds (star, read, hide, notify...). */
export function ActionPage() {
  const { t } = useTranslation();
  return (
    <section className="flex min-h-full flex-col" data-testid="action-page">
      <PageHeader title={t("pages.action.title")} description={t("pages.action.description")} />
      <div className="flex-1 p-6">
        <ActionsEditor />
      </div>
    </section>
  );
}
