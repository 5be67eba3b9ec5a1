import { useTranslation } from "react-i18next";
import { ArticlesIcon } from "../../ui/icons.tsx";

/** The entry pane before an entry is chosen. */
export function NoEntry() {
  const { t } = useTranslation("reader");
  return (
    <div
      className="flex h-full flex-col items-center justify-center gap-3 p-10 text-center"
      data-testid="entry-pane"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-zinc-100 text-zinc-600 dark:bg-zinc-900 dark:text-zinc-500">
        <ArticlesIcon size={28} />
      </span>
      <p className="font-medium">{t("entry.noneTitle")}</p>
      <p className="max-w-xs text-sm text-zinc-600 dark:text-zinc-400">{t("entry.noneBody")}</p>
    </div>
  );
}
