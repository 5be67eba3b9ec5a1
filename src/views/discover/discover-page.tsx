import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { DISCOVER_CATEGORY_ROUTE } from "../../../contract/routes.ts";
import { PageHeader } from "../page.tsx";
import { DISCOVER_CATEGORIES } from "./categories.ts";
import { DiscoverSearch } from "./discover-search.tsx";
import { TrendingSection } from "./trending-section.tsx";

/** /discover: search for feeds (words or an address), categories, and what trends here. */
export function DiscoverPage() {
  const { t } = useTranslation();
  return (
    <section data-testid="discover-page">
      <PageHeader title={t("pages.discover.title")} description={t("pages.discover.description")} />
      <div className="space-y-8 p-6">
        <DiscoverSearch />
        <div>
          <h2 className="mb-3 text-sm font-semibold text-zinc-500 dark:text-zinc-400">
            {t("discover.categoriesTitle")}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {DISCOVER_CATEGORIES.map((category) => (
              <li key={category}>
                <Link
                  to={DISCOVER_CATEGORY_ROUTE}
                  params={{ category }}
                  className="inline-flex h-8 items-center rounded-full border border-zinc-200 px-3.5 text-sm text-zinc-700 transition-colors hover:border-accent hover:text-accent dark:border-zinc-700 dark:text-zinc-300"
                  data-testid={`discover-category-${category}`}
                >
                  {t(`discover.categories.${category}`)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <TrendingSection />
      </div>
    </section>
  );
}
