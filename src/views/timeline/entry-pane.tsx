import { useParams } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { isPendingEntry } from "../../../contract/routes.ts";
import { ArticlesIcon } from "../../ui/icons.tsx";

/** The entry detail: an empty reading pane until an entry is chosen. */
export function EntryPane() {
  const { t } = useTranslation();
  const { entryId } = useParams({ strict: false });
  const pending = isPendingEntry(entryId);
  return (
    <div
      className="flex h-full flex-col items-center justify-center gap-3 p-10 text-center"
      data-testid="entry-pane"
      data-entry-id={pending ? "" : entryId}
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-zinc-100 text-zinc-400 dark:bg-zinc-900 dark:text-zinc-500">
        <ArticlesIcon size={28} />
      </span>
      <p className="font-medium">
        {pending ? t("timeline.entry.noneTitle") : t("timeline.entry.loadingTitle")}
      </p>
      <p className="max-w-xs text-sm text-zinc-500 dark:text-zinc-400">
        {pending ? t("timeline.entry.noneBody") : t("timeline.entry.loadingBody", { entryId })}
      </p>
    </div>
  );
}
