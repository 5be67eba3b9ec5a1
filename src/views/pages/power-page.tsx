import { useTranslation } from "react-i18next";
import { PowerIcon } from "../../ui/icons.tsx";
import { PlaceholderPage } from "../page.tsx";

export function PowerPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      testId="power-page"
      title={t("pages.power.title")}
      description={t("pages.power.description")}
      emptyTitle={t("pages.power.emptyTitle")}
      emptyBody={t("pages.power.emptyBody")}
      icon={<PowerIcon size={22} />}
    />
  );
}
