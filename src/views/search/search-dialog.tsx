import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { afterContentPainted } from "../../platform/first-paint.ts";
import { useShortcut } from "../../shortcuts/index.ts";
import { closeSearch, openSearch, useSearchRequest } from "../../shortcuts/search-request.ts";
import { Modal } from "../../ui/modal.tsx";
import { Spinner } from "../../ui/spinner.tsx";

// The search panel (and the Schemas its calls decode with) loads when search is first opened,
// or once the first content is painted and the browser is idle: never in the first paint.
const loadPanel = () => import("./search-panel.tsx");
const SearchPanel = lazy(() => loadPanel().then((m) => ({ default: m.SearchPanel })));

/** Global search over entries and feeds (Ctrl/Cmd+Shift+F, "/", the palette, the column). */
export function SearchDialog({ view }: { view: number }) {
  const { t } = useTranslation("search");
  const request = useSearchRequest();
  useShortcut("global.search", () => openSearch());

  useEffect(() => {
    let cancelled = false;
    void afterContentPainted(3000).then(() => {
      if (cancelled) return;
      const idle =
        window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
      idle(() => void loadPanel().catch(() => undefined));
    });
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <Modal
      open={request !== null}
      onClose={closeSearch}
      label={t("dialog.title")}
      testId="search-dialog"
      className="mx-auto mt-[10vh] mb-auto w-[min(44rem,calc(100vw-2rem))]"
    >
      {request ? (
        <Suspense
          fallback={
            <div className="flex h-24 items-center justify-center text-zinc-400">
              <Spinner size={24} />
            </div>
          }
        >
          <SearchPanel initialKeyword={request.keyword} view={view} onDone={closeSearch} />
        </Suspense>
      ) : null}
    </Modal>
  );
}
