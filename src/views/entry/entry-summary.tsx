import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SummaryTarget } from "../../../contract/ai.ts";
import { type SummaryState, streamSummary } from "../../services/ai/summary-stream.ts";
import type { RuntimeServices } from "../../services/runtime-services.ts";
import { useGeneralSettings } from "../../settings/hooks.ts";
import { Button } from "../../ui/button.tsx";
import { AlertIcon } from "../../ui/icons.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { repeatsOpening, summaryMode, textLength } from "./summary-policy.ts";

/** The language summaries are written in: actionLanguage, or the UI language by default. */
export function useActionLanguage(): string {
  const general = useGeneralSettings();
  return general.actionLanguage && general.actionLanguage !== "default"
    ? general.actionLanguage
    : general.language;
}

/**
 * The AI summary above the entry's content. With the `summary` setting on, a long entry gets it
 * on open (unless it only repeats the opening paragraph) and a shorter one a "Summarize" action;
 * an action rule's summary always shows. It streams in while written, says when it is
 * extractive (picked from the text, no model), and shows a failure with its coded reason and a
 * retry.
 */
export function EntrySummary(props: {
  reader: RuntimeServices;
  entryId: string;
  html: string | null;
  target: SummaryTarget;
  /** An action rule asked for this entry's summary (shown even with the setting off). */
  asked?: boolean;
}) {
  const { reader, entryId, html, target } = props;
  const { t } = useTranslation("ai");
  const { t: tErrors } = useTranslation("errors");
  const asked = props.asked === true;
  // Measured once per body, not on every streamed piece of the summary.
  const length = useMemo(() => (html === null ? 0 : textLength(html)), [html]);
  const mode = summaryMode({ enabled: useGeneralSettings().summary, asked, textLength: length });
  const language = useActionLanguage();
  // Both keyed by the entry: a request or a summary never carries over to the next entry.
  const [result, setResult] = useState<{ entryId: string; state: SummaryState } | null>(null);
  const [requested, setRequested] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const byRequest = requested === entryId;
  const run = mode === "auto" || (mode === "offer" && byRequest);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (retry) runs it again.
  useEffect(() => {
    if (!run) return;
    const controller = new AbortController();
    void streamSummary(
      reader.api,
      reader.db,
      { id: entryId, language, target },
      (next) => !controller.signal.aborted && setResult({ entryId, state: next }),
      controller.signal,
    ).catch(() => {});
    return () => controller.abort();
  }, [reader, entryId, language, target, run, attempt]);

  if (mode === "none") return null;
  if (!run) {
    return (
      <div className="mt-4">
        <Button
          variant="outline"
          size="sm"
          onClick={() => setRequested(entryId)}
          data-testid="summary-ask"
          title={t("summary.askHint")}
        >
          {t("summary.ask")}
        </Button>
      </div>
    );
  }
  const state = result?.entryId === entryId ? result.state : null;
  if (!state) return null;
  if (state.status === "done" && !state.text) return null;
  // On its own, a summary that only repeats the opening paragraph is noise; asked for, it shows.
  if (
    state.status === "done" &&
    !asked &&
    !byRequest &&
    html !== null &&
    repeatsOpening(state.text ?? "", html)
  ) {
    return <span hidden data-testid="summary-repeats-opening" />;
  }
  const kind = state.status === "done" ? state.kind : undefined;
  return (
    <section
      className="mt-4 rounded-lg border border-zinc-200 bg-zinc-50 p-4 text-sm dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="entry-summary"
      data-state={state.status}
      data-kind={kind ?? ""}
      aria-label={t("summary.title")}
      aria-busy={state.status === "pending"}
    >
      <header className="mb-2 flex items-center gap-2 font-medium text-zinc-700 dark:text-zinc-300">
        <span>{t("summary.title")}</span>
        {kind === "extractive" ? (
          <span
            className="rounded bg-zinc-200 px-1.5 py-0.5 text-xs font-normal text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
            data-testid="summary-extractive"
            title={t("summary.extractiveHint")}
          >
            {t("summary.extractive")}
          </span>
        ) : null}
        {state.status === "pending" ? <Spinner size={16} label={t("summary.pending")} /> : null}
      </header>
      {state.status === "error" ? (
        <div className="flex flex-wrap items-center gap-3" role="alert">
          <AlertIcon className="text-red-600" />
          <span data-testid="summary-error" data-code={state.code ?? ""}>
            {state.code !== undefined
              ? tErrors(String(state.code), { defaultValue: state.message })
              : state.message}
            {state.reason ? ` (${state.reason})` : ""}
          </span>
          <Button variant="outline" size="sm" onClick={() => setAttempt((n) => n + 1)}>
            {t("summary.retry")}
          </Button>
        </div>
      ) : (
        <p className="leading-relaxed whitespace-pre-line" data-testid="summary-text">
          {state.text || t("summary.pending")}
        </p>
      )}
    </section>
  );
}
