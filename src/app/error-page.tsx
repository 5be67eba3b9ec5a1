import { type ErrorComponentProps, useRouter } from "@tanstack/react-router";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { reportError } from "../services/observability/error-reports.ts";
import { Button, buttonClass } from "../ui/button.tsx";
import { AlertIcon } from "../ui/icons.tsx";
import { collectIssueReport } from "./issue-report.ts";
import { buildIssueUrl } from "./issue-url.ts";
import { resetLocalData } from "./reset-local-data.ts";
import type { RouterContext } from "./router-context.ts";

/** The root route's error component: what failed, a reload, and a prefilled bug report. */
export function RouteErrorPage({ error }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const [resetting, setResetting] = useState(false);
  const report = useMemo(() => collectIssueReport(error), [error]);
  const { issueTrackerUrl } = (router.options.context as RouterContext).env;
  const issueUrl = useMemo(() => buildIssueUrl(issueTrackerUrl, report), [issueTrackerUrl, report]);
  // Reported (when a reporter is configured) under the trace id this page and the issue show.
  useEffect(() => reportError(error, report.errorTraceId, report.sessionTraceId), [error, report]);

  async function reset() {
    setResetting(true);
    await resetLocalData();
    // A full navigation, so nothing in memory outlives the wiped storage.
    window.location.assign("/");
  }

  return (
    <main
      role="alert"
      className="flex min-h-full items-center justify-center p-6"
      data-testid="route-error-page"
      data-trace-id={report.errorTraceId}
    >
      <div className="w-full max-w-lg rounded-2xl border border-zinc-200 bg-white p-8 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <span className="flex size-11 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-950/50 dark:text-red-400">
          <AlertIcon size={22} />
        </span>
        <h1 className="mt-4 text-xl font-semibold">{t("errorPage.title")}</h1>
        <pre
          className="mt-3 max-h-48 overflow-auto rounded-lg bg-zinc-50 p-3 font-mono text-sm break-words whitespace-pre-wrap text-red-700 dark:bg-zinc-950 dark:text-red-300"
          data-testid="error-message"
        >
          {report.errorMessage}
        </pre>
        <p className="mt-3 text-xs text-zinc-500 dark:text-zinc-400">
          {t("errorPage.traceId")}{" "}
          <code className="font-mono" data-testid="error-trace-id">
            {report.errorTraceId}
          </code>
        </p>
        <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">{t("errorPage.hint")}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button onClick={() => window.location.reload()} data-testid="error-reload">
            {t("errorPage.reload")}
          </Button>
          <Button
            variant="outline"
            onClick={reset}
            loading={resetting}
            data-testid="error-reset-database"
          >
            {t("errorPage.resetDatabase")}
          </Button>
          <a
            href={issueUrl}
            target="_blank"
            rel="noreferrer noopener"
            className={buttonClass("ghost")}
            data-testid="error-submit-issue"
          >
            {t("errorPage.submitIssue")}
          </a>
        </div>
      </div>
    </main>
  );
}
