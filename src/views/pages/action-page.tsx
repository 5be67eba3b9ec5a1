import { useTranslation } from "react-i18next";
import { ActionsIcon } from "../../ui/icons.tsx";
import { PlaceholderPage } from "../page.tsx";

export function ActionPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      testId="action-page"
      title={t("pages.action.title")}
      description={t("pages.action.description")}
      emptyTitle={t("pages.action.emptyTitle")}
      emptyBody={t("pages.action.emptyBody")}
      icon={<ActionsIcon size={22} />}
    />
  );
}
