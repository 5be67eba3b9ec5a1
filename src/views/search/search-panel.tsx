import { useNavigate } from "@tanstack/react-router";
import { type KeyboardEvent, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SavedSearchFilters } from "../../../contract/api/saved-searches.ts";
import type { EntryHit, FeedHit, SearchRequest } from "../../../contract/api/search.ts";
import { createIdGenerator } from "../../../contract/ids.ts";
import { timelinePath } from "../../../contract/routes.ts";
import { MAX_QUERY_LENGTH, parseSearchQuery } from "../../../contract/search/query.ts";
import { runCommand } from "../../commands/run.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { useConnectivityStatus } from "../../runtime/use-sync-status.ts";
import { type SearchMode, useSearch } from "../../services/search.ts";
import { SearchIcon } from "../../ui/icons.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { setEntryHighlight } from "./entry-highlight.ts";
import { HighlightedText } from "./highlighted-text.tsx";

const RESULT_LIMIT = 30;
/** Saved searches' ids are made here, so a search saved offline is the same one once synced. */
const nextSearchId = createIdGenerator({ worker: Math.floor(Math.random() * 1024) });
const MODES: readonly SearchMode[] = ["auto", "server", "local"];

type Row = { kind: "feed"; hit: FeedHit } | { kind: "entry"; hit: EntryHit };

/** The search dialog's body (a lazy chunk): field, mode and filters, grouped results. */
export function SearchPanel(props: { initialKeyword: string; view: number; onDone: () => void }) {
  const { t } = useTranslation("search");
  const navigate = useNavigate();
  const reader = useRuntime();
  const online = useConnectivityStatus() !== "offline";
  const [keyword, setKeyword] = useState(props.initialKeyword);
  const [mode, setMode] = useState<SearchMode>("auto");
  const [thisView, setThisView] = useState(false);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => input.current?.focus(), []);

  const sources = useMemo(
    () => (reader ? { api: reader.api, db: reader.db, online } : undefined),
    [reader, online],
  );
  const request: SearchRequest | null = keyword.trim()
    ? {
        keyword: keyword.slice(0, 256),
        limit: RESULT_LIMIT,
        ...(thisView ? { view: props.view as SearchRequest["view"] & number } : {}),
        ...(unreadOnly ? { unread: true } : {}),
      }
    : null;
  const state = useSearch(sources, request, mode);
  const results = state.status === "ready" ? state.data.results : undefined;
  const rows: Row[] = useMemo(
    () =>
      results
        ? [
            ...results.feeds.map((hit): Row => ({ kind: "feed", hit })),
            ...results.entries.map((hit): Row => ({ kind: "entry", hit })),
          ]
        : [],
    [results],
  );
  const selected = Math.min(active, Math.max(0, rows.length - 1));

  function open(row: Row) {
    props.onDone();
    if (row.kind === "feed") {
      void navigate({
        href: timelinePath({ view: row.hit.view, feed: row.hit.feed.id }),
      });
      return;
    }
    const parsed = parseSearchQuery(keyword);
    if (parsed.ok) setEntryHighlight(row.hit.entries.id, parsed.query.highlight);
    void navigate({
      href: timelinePath({
        view: row.hit.view,
        feed: row.hit.entries.feedId,
        entryId: row.hit.entries.id,
      }),
    });
  }

  const canSave = parseSearchQuery(keyword).ok && keyword.trim().length > 0;
  /** Saves the query with its filters and opens it as a timeline (it stays in the sidebar). */
  function save() {
    if (!canSave) return;
    const filters: SavedSearchFilters = {
      ...(thisView ? { view: props.view as SavedSearchFilters["view"] & number } : {}),
      ...(unreadOnly ? { unread: true } : {}),
    };
    const searchId = nextSearchId();
    const text = keyword.trim().slice(0, MAX_QUERY_LENGTH);
    // Named after its query at first (names are shorter); renamed from the sidebar.
    const name = text.slice(0, 200);
    const run = runCommand("savedSearches.save", {}, { searchId, name, keyword: text, filters });
    if (run.status !== "dispatched") return;
    props.onDone();
    void navigate({
      href: timelinePath({ view: props.view, feed: { kind: "search", searchId } }),
    });
  }

  function onKeyDown(event: KeyboardEvent) {
    if (rows.length === 0) return;
    const move = event.key === "ArrowDown" ? 1 : event.key === "ArrowUp" ? -1 : 0;
    if (move !== 0) {
      event.preventDefault();
      const next = (selected + move + rows.length) % rows.length;
      setActive(next);
      list.current?.querySelector(`[data-index="${next}"]`)?.scrollIntoView({ block: "nearest" });
    } else if (event.key === "Enter" && rows[selected]) {
      event.preventDefault();
      open(rows[selected]);
    }
  }

  const feedRows = rows.filter((row) => row.kind === "feed");
  const entryRows = rows.filter((row) => row.kind === "entry");
  const optionId = (index: number) => `search-result-${index}`;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move through the results from the field.
    <div onKeyDown={onKeyDown} className="flex max-h-[80vh] flex-col">
      <div className="flex items-center gap-2 border-b border-zinc-200 px-4 dark:border-zinc-800">
        <SearchIcon size={18} className="shrink-0 text-zinc-400" />
        <input
          ref={input}
          value={keyword}
          onChange={(event) => {
            setKeyword(event.target.value);
            setActive(0);
          }}
          data-autofocus
          // Not type="search": its Escape clears the text instead of closing the dialog.
          type="text"
          role="combobox"
          aria-expanded={rows.length > 0}
          aria-controls="search-results"
          aria-activedescendant={rows.length ? optionId(selected) : undefined}
          aria-label={t("field.label")}
          placeholder={t("field.placeholder")}
          maxLength={256}
          data-testid="search-input"
          className="h-12 w-full bg-transparent text-[15px] outline-none placeholder:text-zinc-400"
        />
        {state.status === "loading" ? <Spinner size={16} /> : null}
      </div>
      <div className="flex flex-wrap items-center gap-3 border-b border-zinc-200 px-4 py-2 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
        <label className="flex items-center gap-1">
          {t("mode.label")}
          <select
            value={mode}
            onChange={(event) => setMode(event.target.value as SearchMode)}
            data-testid="search-mode"
            className="rounded border border-zinc-300 bg-transparent px-1 py-0.5 dark:border-zinc-700"
          >
            {MODES.map((m) => (
              <option key={m} value={m}>
                {t(`mode.${m}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-1">
          <input
            type="checkbox"
            checked={thisView}
            onChange={(event) => setThisView(event.target.checked)}
          />
          {t("filters.thisView")}
        </label>
        <label className="flex items-center gap-1">
          <input
            type="checkbox"
            checked={unreadOnly}
            onChange={(event) => setUnreadOnly(event.target.checked)}
            data-testid="search-unread"
          />
          {t("filters.unread")}
        </label>
        <button
          type="button"
          onClick={save}
          disabled={!canSave}
          title={t("saved.saveHint")}
          data-testid="search-save"
          className="rounded border border-zinc-300 px-1.5 py-0.5 hover:bg-zinc-100 disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
        >
          {t("saved.saveAction")}
        </button>
        {results ? (
          <span className="ml-auto" data-testid="search-answered-by" data-mode={results.mode}>
            {results.mode === "server"
              ? t("answeredBy.server")
              : state.status === "ready" && state.data.fellBack
                ? t("answeredBy.localFallback")
                : t("answeredBy.local")}
          </span>
        ) : null}
      </div>
      <div
        ref={list}
        id="search-results"
        role="listbox"
        aria-label={t("results.label")}
        className="min-h-0 flex-1 overflow-y-auto p-2"
        data-testid="search-results"
      >
        {state.status === "idle" ? (
          <p className="px-3 py-6 text-center text-sm text-zinc-500">{t("hint")}</p>
        ) : null}
        {state.status === "failed" ? (
          <p
            className="px-3 py-6 text-center text-sm text-red-600"
            role="alert"
            data-testid="search-error"
          >
            {state.message}
          </p>
        ) : null}
        {results && rows.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-zinc-500" data-testid="search-empty">
            {t("results.none")}
          </p>
        ) : null}
        {feedRows.length ? <GroupHeading>{t("results.feeds")}</GroupHeading> : null}
        {feedRows.map((row, index) =>
          row.kind === "feed" ? (
            <ResultRow
              key={`feed-${row.hit.feed.id}`}
              id={optionId(index)}
              index={index}
              selected={selected === index}
              onHover={() => setActive(index)}
              onOpen={() => open(row)}
              testId="search-feed-result"
            >
              <div className="truncate text-sm font-medium">
                <HighlightedText value={row.hit.title} />
              </div>
              <div className="truncate text-xs text-zinc-500">
                <HighlightedText value={row.hit.snippet} />
              </div>
            </ResultRow>
          ) : null,
        )}
        {entryRows.length ? <GroupHeading>{t("results.entries")}</GroupHeading> : null}
        {entryRows.map((row, offset) => {
          const index = feedRows.length + offset;
          if (row.kind !== "entry") return null;
          return (
            <ResultRow
              key={`entry-${row.hit.entries.id}`}
              id={optionId(index)}
              index={index}
              selected={selected === index}
              onHover={() => setActive(index)}
              onOpen={() => open(row)}
              testId="search-entry-result"
            >
              <div className="flex items-baseline gap-2">
                <span className="min-w-0 flex-1 truncate text-sm font-medium">
                  <HighlightedText value={row.hit.title} />
                </span>
                <span className="shrink-0 truncate text-xs text-zinc-400">
                  {row.hit.feeds.title ?? ""}
                </span>
              </div>
              <div className="line-clamp-2 text-xs text-zinc-500">
                <HighlightedText value={row.hit.snippet} />
              </div>
            </ResultRow>
          );
        })}
        {results?.rankedAmong !== undefined ? (
          <p
            className="px-3 py-2 text-center text-xs text-zinc-400"
            data-testid="search-ranked-among"
          >
            {t("results.rankedAmong", { count: results.rankedAmong })}
          </p>
        ) : results?.hasMore ? (
          <p className="px-3 py-2 text-center text-xs text-zinc-400">{t("results.more")}</p>
        ) : null}
      </div>
    </div>
  );
}

function GroupHeading({ children }: { children: string }) {
  return <div className="px-3 pt-2 pb-1 text-xs font-semibold text-zinc-400">{children}</div>;
}

function ResultRow(props: {
  id: string;
  index: number;
  selected: boolean;
  onHover: () => void;
  onOpen: () => void;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <div
      id={props.id}
      role="option"
      tabIndex={-1}
      aria-selected={props.selected}
      data-index={props.index}
      data-testid={props.testId}
      onMouseMove={props.onHover}
      onClick={props.onOpen}
      onKeyDown={(event) => {
        if (event.key === "Enter") props.onOpen();
      }}
      className={`cursor-pointer rounded-lg px-3 py-2 ${props.selected ? "bg-accent-soft" : ""}`}
    >
      {props.children}
    </div>
  );
}
