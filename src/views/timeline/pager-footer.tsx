import { useTranslation } from "react-i18next";
import type { PagerState } from "../../runtime/use-timeline-pager.ts";
import { Spinner } from "../../ui/spinner.tsx";

/**
 * Below the last row: a quiet loading row while an older page is in flight, a note that older
 * entries need a connection (offline), or the end-of-list marker.
 */
export function PagerFooter(props: { state: PagerState }) {
  const { t } = useTranslation("reader");
  const { state } = props;
  const base = "flex items-center justify-center gap-2 px-4 py-4 text-xs text-muted";
  if (state.offline) {
    return (
      <div className={base} data-testid="timeline-offline" role="status">
        {t("timeline.olderNeedConnection")}
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
      <span>{t("timeline.loadingOlder")}</span>
    </div>
  );
}
