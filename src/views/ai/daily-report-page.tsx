import { Link } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { timelineLink } from "../../../contract/routes.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { type DailyReportView, useDailyReports } from "../../services/ai/daily-reports.ts";
import { setGeneralSetting, useGeneralSettings } from "../../settings/hooks.ts";
import { Button } from "../../ui/button.tsx";
import { AlertIcon } from "../../ui/icons.tsx";
import { SettingsSection, SwitchRow } from "../../ui/setting-rows.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { EmptyState, PageHeader } from "../page.tsx";
import { markReportSeen } from "./daily-report-pin.tsx";
import { parseReport, type ReportPiece } from "./report-content.ts";

/** Reports shown: a week of mornings and evenings. */
const SHOWN = 14;

/** The zone this device is in (what a user most likely means by "my 8 AM"). */
function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/**
 * The daily AI report: the digests written at 8 AM and 8 PM of the user's unread
 * entries, newest first, each story linking to the entries it cites; with the switch that turns
 * it off and the zone its 8 o'clocks are in.
 */
export function DailyReportPage() {
  const { t } = useTranslation("ai");
  const reader = useRuntime();
  const general = useGeneralSettings();
  const loaded = useDailyReports(reader?.api, SHOWN);
  const device = deviceTimeZone();
  const latest = loaded.status === "ready" ? loaded.data[0] : undefined;

  // Opened: the timeline no longer pins the latest report.
  useEffect(() => {
    if (latest) markReportSeen(latest);
  }, [latest]);

  return (
    <section className="flex min-h-full flex-col" data-testid="daily-report-page">
      <PageHeader title={t("dailyReport.title")} description={t("dailyReport.description")} />
      <div className="mx-auto w-full max-w-3xl flex-1 space-y-6 p-6">
        <SettingsSection title={t("dailyReport.settings")}>
          <SwitchRow
            label={t("dailyReport.enabled")}
            checked={general.dailyReport}
            onChange={(on) => setGeneralSetting("dailyReport", on)}
            testId="daily-report-enabled"
          />
          <div className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm">
            <span data-testid="daily-report-zone">
              {general.timeZone
                ? t("dailyReport.zone", { zone: general.timeZone })
                : t("dailyReport.serverZone")}
            </span>
            {general.timeZone !== device ? (
              <Button
                variant="outline"
                size="sm"
                onClick={() => setGeneralSetting("timeZone", device)}
                data-testid="daily-report-use-device-zone"
              >
                {t("dailyReport.useDeviceZone", { zone: device })}
              </Button>
            ) : null}
          </div>
        </SettingsSection>
        {loaded.status === "loading" || loaded.status === "idle" ? (
          <div className="flex justify-center py-10">
            <Spinner />
          </div>
        ) : loaded.status === "failed" ? (
          <p className="flex items-center gap-2 text-sm text-red-600" role="alert">
            <AlertIcon size={16} />
            {t("dailyReport.loadFailed")}
          </p>
        ) : loaded.data.length === 0 ? (
          <EmptyState title={t("dailyReport.emptyTitle")} body={t("dailyReport.emptyBody")} />
        ) : (
          loaded.data.map((report) => <ReportCard key={report.id} report={report} />)
        )}
      </div>
    </section>
  );
}

function ReportCard({ report }: { report: DailyReportView }) {
  const { t, i18n } = useTranslation("ai");
  const when = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: report.timeZone,
  }).format(new Date(report.slotAt));
  const blocks = parseReport(report.content, report.entries.length);
  return (
    <article
      className="space-y-3 rounded-xl border border-zinc-200 p-5 dark:border-zinc-800"
      data-testid="daily-report"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold">{when}</h2>
        <span
          className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300"
          title={report.kind === "extractive" ? t("dailyReport.extractiveHint") : undefined}
          data-testid="daily-report-kind"
        >
          {report.kind === "extractive" ? t("summary.extractive") : t("dailyReport.model")}
        </span>
      </header>
      {blocks.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{t("dailyReport.nothingNew")}</p>
      ) : (
        <div className="space-y-1.5 text-[15px] leading-relaxed">
          {blocks.map((block) =>
            block.kind === "heading" ? (
              <h3 key={block.line} className="pt-2 font-medium">
                <Pieces pieces={block.pieces} report={report} />
              </h3>
            ) : block.kind === "item" ? (
              <p key={block.line} className="pl-4 -indent-3">
                {"• "}
                <Pieces pieces={block.pieces} report={report} />
              </p>
            ) : (
              <p key={block.line}>
                <Pieces pieces={block.pieces} report={report} />
              </p>
            ),
          )}
        </div>
      )}
      {report.entries.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-zinc-500 dark:text-zinc-400">
            {t("dailyReport.sources", { count: report.entries.length })}
          </summary>
          <ol className="mt-2 list-decimal space-y-1 pl-6">
            {report.entries.map((entry) => (
              <li key={entry.id}>
                <EntryLink entry={entry}>{entry.title || entry.url || entry.id}</EntryLink>
                {entry.feedTitle ? (
                  <span className="text-zinc-500 dark:text-zinc-400"> · {entry.feedTitle}</span>
                ) : null}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </article>
  );
}

function Pieces({ pieces, report }: { pieces: ReportPiece[]; report: DailyReportView }) {
  return pieces.map((piece) => {
    if ("text" in piece) return <span key={piece.at}>{piece.text}</span>;
    const entry = report.entries[piece.cite - 1]!;
    return (
      <EntryLink key={piece.at} entry={entry} cite>
        {`[${piece.cite}]`}
      </EntryLink>
    );
  });
}

function EntryLink(props: {
  entry: DailyReportView["entries"][number];
  cite?: boolean;
  children: string;
}) {
  const { entry } = props;
  return (
    <Link
      {...timelineLink({ view: entry.view, feed: entry.feedId, entryId: entry.id })}
      className={props.cite ? "text-accent text-xs align-super" : "text-accent hover:underline"}
      title={props.cite ? (entry.title ?? undefined) : undefined}
      data-testid={props.cite ? "daily-report-cite" : "daily-report-source"}
    >
      {props.children}
    </Link>
  );
}
