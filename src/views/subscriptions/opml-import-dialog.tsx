import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ImportItem, OpmlOutlineModel } from "../../../contract/api/opml.ts";
import { VIEW_NAMES } from "../../../contract/views.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import {
  closeOpmlImport,
  type OpmlImportState,
  readOpmlFile,
  retryFailed,
  startOpmlImport,
  useOpmlImport,
} from "../../services/opml-import.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog, DialogActions } from "../../ui/dialog.tsx";
import { Checkbox, Select } from "../../ui/fields.tsx";
import { Spinner } from "../../ui/spinner.tsx";

/**
 * Import from another reader: pick an OPML file, see its feeds (folders become categories,
 * feeds already followed are marked), choose which to follow and in which view, then watch
 * each feed be subscribed. Closing the dialog does not stop an import.
 */
export function OpmlImportDialog(props: { defaultView: number }) {
  const { t } = useTranslation("lists");
  const { state, open } = useOpmlImport();
  return (
    <Dialog
      open={open}
      onClose={closeOpmlImport}
      title={t("opml.importTitle")}
      description={t("opml.importDescription")}
      testId="opml-import-dialog"
      wide
    >
      <ImportBody state={state} defaultView={props.defaultView} />
    </Dialog>
  );
}

function ImportBody({ state, defaultView }: { state: OpmlImportState; defaultView: number }) {
  const { t } = useTranslation("lists");
  const { t: te } = useTranslation("errors");
  const reader = useRuntime();
  if (!reader) return null;
  switch (state.phase) {
    case "idle":
    case "failed":
      return (
        <div>
          <label className="block text-sm font-medium" htmlFor="opml-file">
            {t("opml.chooseFile")}
          </label>
          <input
            id="opml-file"
            type="file"
            accept=".opml,.xml,text/xml,text/x-opml,application/xml"
            data-testid="opml-file"
            className="mt-2 block w-full text-sm"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void readOpmlFile(reader, file);
            }}
          />
          {state.phase === "failed" ? (
            <p
              className="mt-3 text-sm text-red-700 dark:text-red-300"
              role="alert"
              data-testid="opml-error"
            >
              {state.code !== undefined ? `${te(String(state.code))}: ` : ""}
              {state.message}
            </p>
          ) : null}
        </div>
      );
    case "reading":
      return (
        <div className="flex items-center gap-2 text-sm" role="status">
          <Spinner size={16} /> {t("opml.reading", { name: state.fileName })}
        </div>
      );
    case "preview":
      return <Preview state={state} defaultView={defaultView} />;
    default:
      return <Progress state={state} defaultView={defaultView} />;
  }
}

function Preview({
  state,
  defaultView,
}: {
  state: Extract<OpmlImportState, { phase: "preview" }>;
  defaultView: number;
}) {
  const { t } = useTranslation("lists");
  const { t: ta } = useTranslation("app");
  const reader = useRuntime();
  const [view, setView] = useState(defaultView);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    () => new Set(state.outlines.filter((o) => !o.subscribed).map((o) => o.url)),
  );
  useEffect(() => {
    setChosen(new Set(state.outlines.filter((o) => !o.subscribed).map((o) => o.url)));
  }, [state.outlines]);
  const selectable = state.outlines.filter((o) => !o.subscribed);
  const overQuota = state.remaining !== null && chosen.size > state.remaining;
  const toggle = (url: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(url);
    else next.delete(url);
    setChosen(next);
  };
  const items = (): ImportItem[] =>
    state.outlines
      .filter((o) => chosen.has(o.url))
      .map((o: OpmlOutlineModel) => ({
        url: o.url,
        title: o.title,
        category: o.category,
        view: o.view as ImportItem["view"],
      }));
  return (
    <div>
      <p className="text-sm" data-testid="opml-summary">
        {t("opml.found", { count: state.outlines.length, name: state.title ?? state.fileName })}
        {state.remaining !== null ? ` ${t("opml.remaining", { count: state.remaining })}` : ""}
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div className="min-w-40">
          <Select<number>
            label={t("opml.view")}
            value={view}
            choices={VIEW_NAMES.map((name, value) => ({ value, label: ta(`views.${name}`) }))}
            onChange={setView}
            data-testid="opml-view"
          />
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => setChosen(new Set(selectable.map((o) => o.url)))}
        >
          {t("opml.selectAll")}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setChosen(new Set())}>
          {t("opml.selectNone")}
        </Button>
      </div>
      <ul
        className="mt-3 max-h-64 overflow-y-auto rounded border border-zinc-200 p-2 dark:border-zinc-700"
        data-testid="opml-outlines"
      >
        {state.outlines.map((o) => (
          <li key={o.url} className="flex items-center justify-between gap-2 py-0.5">
            <Checkbox
              label={`${o.title ?? o.url}${o.category ? ` · ${o.category}` : ""}`}
              checked={chosen.has(o.url)}
              disabled={o.subscribed}
              onChange={(event) => toggle(o.url, event.target.checked)}
            />
            {o.subscribed ? (
              <span className="text-xs text-zinc-500">{t("opml.following")}</span>
            ) : null}
          </li>
        ))}
      </ul>
      {state.problems.length > 0 ? (
        <details className="mt-3 text-sm" data-testid="opml-problems">
          <summary>{t("opml.problems", { count: state.problems.length })}</summary>
          <ul className="mt-1 max-h-32 overflow-y-auto">
            {state.problems.map((p) => (
              <li key={`${p.line}-${p.kind}`}>
                {t("opml.problemLine", { line: p.line, message: t(`opml.kind.${p.kind}`) })}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {overQuota ? (
        <p
          className="mt-3 text-sm text-red-700 dark:text-red-300"
          role="alert"
          data-testid="opml-quota"
        >
          {t("opml.quotaExceeded")}
        </p>
      ) : null}
      <DialogActions>
        <Button variant="outline" onClick={closeOpmlImport}>
          {t("opml.cancel")}
        </Button>
        <Button
          data-testid="opml-start"
          disabled={chosen.size === 0 || overQuota || !reader}
          onClick={() => reader && void startOpmlImport(reader, items(), view)}
        >
          {t("opml.importCount", { count: chosen.size })}
        </Button>
      </DialogActions>
    </div>
  );
}

function Progress({
  state,
  defaultView,
}: {
  state: Extract<OpmlImportState, { phase: "importing" | "finished" }>;
  defaultView: number;
}) {
  const { t } = useTranslation("lists");
  const { t: te } = useTranslation("errors");
  const reader = useRuntime();
  const { progress } = state;
  const settled = progress.done + progress.failed + progress.skipped;
  const failures = useMemo(
    () => progress.items.filter((i) => i.status === "failed"),
    [progress.items],
  );
  return (
    <div>
      <progress
        className="h-2 w-full accent-accent"
        max={progress.total}
        value={settled}
        data-testid="opml-progress"
        aria-label={t("opml.progressLabel")}
      />
      <p
        className="mt-2 text-sm"
        role="status"
        data-testid="opml-counts"
        data-finished={progress.finished}
      >
        {t(progress.finished ? "opml.finished" : "opml.running", {
          settled,
          total: progress.total,
        })}{" "}
        {t("opml.counts", {
          done: progress.done,
          failed: progress.failed,
          skipped: progress.skipped,
        })}
      </p>
      {failures.length > 0 ? (
        <ul className="mt-2 max-h-40 overflow-y-auto text-sm" data-testid="opml-failures">
          {failures.map((f) => (
            <li key={f.url} className="break-all">
              {f.url}: {f.code !== undefined ? te(String(f.code)) : ""}
              {f.reason ? ` (${f.reason})` : ""}
            </li>
          ))}
        </ul>
      ) : null}
      <DialogActions>
        {progress.finished && failures.length > 0 && reader ? (
          <Button
            variant="outline"
            data-testid="opml-retry"
            onClick={() => void retryFailed(reader, defaultView)}
          >
            {t("opml.retry", { count: failures.length })}
          </Button>
        ) : null}
        <Button data-testid="opml-close" onClick={closeOpmlImport}>
          {progress.finished ? t("opml.done") : t("opml.background")}
        </Button>
      </DialogActions>
    </div>
  );
}
