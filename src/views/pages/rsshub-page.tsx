import { useTranslation } from "react-i18next";
import { RssIcon } from "../../ui/icons.tsx";
import { PlaceholderPage } from "../page.tsx";

export function RsshubPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      testId="rsshub-page"
      title={t("pages.rsshub.title")}
      description={t("pages.rsshub.description")}
      emptyTitle={t("pages.rsshub.emptyTitle")}
      emptyBody={t("pages.rsshub.emptyBody")}
      icon={<RssIcon size={22} />}
    />
  );
}
