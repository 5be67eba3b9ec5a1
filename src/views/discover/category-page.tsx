import { Link, useParams } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { PAGE_PATHS } from "../../../contract/routes.ts";
import { buttonClass } from "../../ui/button.tsx";
import { EmptyState, PageHeader } from "../page.tsx";
import { isDiscoverCategory } from "./categories.ts";

/** /discover/category/$category: the feeds of one category (filled by later work). */
export function DiscoverCategoryPage() {
  const { t } = useTranslation();
  const { category = "" } = useParams({ strict: false });
  const label = isDiscoverCategory(category) ? t(`discover.categories.${category}`) : category;
  return (
    <section data-testid="discover-category-page" data-category={category}>
      <PageHeader
        title={label}
        description={t("pages.discoverCategory.description", { category: label })}
        actions={
          <Link to={PAGE_PATHS.discover} className={buttonClass("outline", "sm")}>
            {t("pages.discoverCategory.back")}
          </Link>
        }
      />
      <div className="p-6">
        <EmptyState title={t("pages.discoverCategory.emptyTitle")} />
      </div>
    </section>
  );
}
