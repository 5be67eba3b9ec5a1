import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { of } from "rxjs";
import { formatFeedIdParam, ROUTE_FEED_ALL, timelineLink } from "../../../contract/routes.ts";
import { subscriptionTree$ } from "../../queries/index.ts";
import { useLiveQuery } from "../../queries/use-live-query.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { useGeneralSettings } from "../../settings/hooks.ts";
import { useIsMobile } from "../shell/use-is-mobile.ts";

const CHIP =
  "inline-flex h-7 shrink-0 items-center gap-1 rounded-full border px-3 text-xs whitespace-nowrap";
const CHIP_IDLE = "border-zinc-200 text-zinc-700 dark:border-zinc-700 dark:text-zinc-300";
const CHIP_ACTIVE = "border-accent bg-accent/10 font-medium text-accent";

/**
 * showQuickTimeline: on the one-column layout, a row of the view's folders and feeds
 * above the timeline, to switch between them without going back to the subscription list.
 */
export function QuickTimeline({ view, feedParam }: { view: number; feedParam: string }) {
  const { t } = useTranslation("onboarding");
  const mobile = useIsMobile();
  const { showQuickTimeline } = useGeneralSettings();
  const db = useRuntime()?.db;
  const shown = mobile && showQuickTimeline;
  const tree = useLiveQuery(
    () => (db && shown ? subscriptionTree$(db, view) : of(undefined)),
    [db, view, shown],
  );
  if (!shown || !tree || (tree.folders.length === 0 && tree.loose.length === 0)) return null;

  const chips = [
    { param: ROUTE_FEED_ALL, label: t("quickTimeline.all"), unread: tree.unread },
    ...tree.folders.map((folder) => ({
      param: formatFeedIdParam({ kind: "folder", name: folder.name }),
      label: folder.name,
      unread: folder.unread,
    })),
    ...tree.loose.flatMap((item) =>
      item.feedId
        ? [
            {
              param: formatFeedIdParam({ kind: "feed", feedId: item.feedId }),
              label: item.title,
              unread: item.unread,
            },
          ]
        : [],
    ),
  ];
  return (
    <nav
      aria-label={t("quickTimeline.label")}
      className="flex shrink-0 gap-2 overflow-x-auto border-b border-zinc-200 px-3 py-2 dark:border-zinc-800"
      data-testid="quick-timeline"
    >
      {chips.map((chip) => {
        const active = chip.param === feedParam;
        return (
          <Link
            key={chip.param}
            {...timelineLink({ view, feed: chip.param })}
            className={`${CHIP} ${active ? CHIP_ACTIVE : CHIP_IDLE}`}
            aria-current={active ? "page" : undefined}
            data-testid="quick-timeline-item"
          >
            <span className="max-w-40 truncate">{chip.label}</span>
            {chip.unread > 0 ? (
              <span className="tabular-nums opacity-70">{chip.unread}</span>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}
