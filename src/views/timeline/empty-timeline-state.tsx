import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { PAGE_PATHS } from "../../../contract/routes.ts";
import { openOpmlImport } from "../../services/opml-import.ts";
import { Button, buttonClass } from "../../ui/button.tsx";
import { EmptyState } from "../page.tsx";
import { openQuickAdd } from "../subscriptions/quick-add-store.ts";
import type { EmptyTimeline } from "./empty-timeline.ts";

/** The body of a timeline without rows: a welcome, "on their way", all read, or none yet. */
export function EmptyTimelineState(props: { state: EmptyTimeline; view: number; refetch(): void }) {
  const { t } = useTranslation("reader");
  const { t: tl } = useTranslation("lists");
  const { state } = props;
  if (state.kind === "welcome") {
    return (
      <div className="p-5" data-testid="timeline-empty" data-empty="welcome">
        <EmptyState title={t("timeline.welcomeTitle")} body={t("timeline.welcomeBody")} />
        {/* Wraps: three buttons do not fit a narrow timeline column side by side. */}
        <div
          className="mt-4 flex flex-wrap justify-center gap-2"
          data-testid="timeline-welcome-actions"
        >
          <Button
            data-testid="timeline-welcome-add"
            onClick={() => openQuickAdd({ view: props.view })}
          >
            {t("timeline.welcomeAdd")}
          </Button>
          <Button variant="outline" data-testid="timeline-welcome-import" onClick={openOpmlImport}>
            {tl("opml.importAction")}
          </Button>
          <Link
            to={PAGE_PATHS.discover}
            className={buttonClass("outline")}
            data-testid="timeline-welcome-discover"
          >
            {t("timeline.welcomeDiscover")}
          </Link>
        </div>
      </div>
    );
  }
  if (state.kind === "unreadNotHere") {
    return (
      <div className="p-5" data-testid="timeline-empty" data-empty="unread-not-here">
        <EmptyState
          title={t("timeline.unreadNotHereTitle")}
          body={t("timeline.unreadNotHereBody", { count: state.unread })}
        />
        <div className="mt-4 flex flex-wrap justify-center">
          <Button variant="outline" onClick={props.refetch}>
            {t("timeline.refetch")}
          </Button>
        </div>
      </div>
    );
  }
  const allRead = state.kind === "allRead";
  return (
    <div className="p-5" data-testid="timeline-empty" data-empty={allRead ? "all-read" : "none"}>
      <EmptyState
        title={allRead ? t("timeline.allRead") : t("timeline.emptyTitle")}
        body={allRead ? t("timeline.allReadBody") : t("timeline.emptyBody")}
      />
    </div>
  );
}
