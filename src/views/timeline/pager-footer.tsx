import { useTranslation } from "react-i18next";
import type { PagerState } from "../../services/use-timeline-pager.ts";
import { Spinner } from "../../ui/spinner.tsx";

/**
 * Below the last row: a quiet loading row while the next page is in flight, a note that the
 * next entries need a connection (offline), or the end-of-list marker.
 */
export function PagerFooter(props: { state: PagerState }) {
  const { t } = useTranslation("reader");
  const { state } = props;
  // Read oldest first, the next page holds newer entries.
  const newer = state.ceiling !== undefined;
  const base = "flex items-center justify-center gap-2 px-4 py-4 text-xs text-muted";
  if (state.offline) {
    return (
      <div className={base} data-testid="timeline-offline" role="status">
        {t(newer ? "timeline.newerNeedConnection" : "timeline.olderNeedConnection")}
      </div>
    );
  }
  if (state.end) {
    return (
      <div className={base} data-testid="timeline-end">
        {t("timeline.endOfList")}
      </div>
    );
  }
  return (
    <div className={base} data-testid="timeline-loading-older" role="status">
      <Spinner size={16} />
      <span>{t(newer ? "timeline.loadingNewer" : "timeline.loadingOlder")}</span>
    </div>
  );
}
