import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { of } from "rxjs";
import { timelineLink } from "../../../contract/routes.ts";
import { viewUnreadTotals$ } from "../../queries/index.ts";
import { useLiveQuery } from "../../queries/use-live-query.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { compactNumber } from "../../ui/format.ts";
import { VIEW_META } from "../shell/view-meta.tsx";

/** The six view tabs with their unread totals. */
export function ViewTabs({ active }: { active: number }) {
  const { t } = useTranslation();
  const { t: tr } = useTranslation("reader");
  const reader = useRuntime();
  const db = reader?.db;
  const totals =
    useLiveQuery(() => (db ? viewUnreadTotals$(db) : of<Record<number, number>>({})), [db]) ?? {};

  return (
    <nav aria-label={tr("column.views")} className="px-2">
      <ul className="grid grid-cols-6 gap-0.5">
        {VIEW_META.map(({ view, labelKey, icon: Icon }) => {
          const selected = view === active;
          const unread = totals[view] ?? 0;
          const label = t(labelKey);
          return (
            <li key={view}>
              <Link
                {...timelineLink({ view })}
                aria-current={selected ? "page" : undefined}
                aria-label={
                  unread ? tr("column.viewUnread", { view: label, count: unread }) : label
                }
                title={label}
                data-testid={`view-tab-${view}`}
                data-unread={unread}
                className={`flex h-12 flex-col items-center justify-center gap-0.5 rounded-lg outline-none transition-colors focus-visible:ring-2 focus-visible:ring-accent ${selected ? "bg-white text-accent-ink shadow-sm dark:bg-zinc-800" : "text-zinc-600 hover:bg-zinc-200/70 hover:text-zinc-800 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"}`}
              >
                <Icon size={18} />
                <span className="h-3 text-[10px] leading-3 tabular-nums" aria-hidden="true">
                  {unread ? compactNumber(unread) : ""}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
