import { Link } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { of } from "rxjs";
import { timelineLink } from "../../../contract/routes.ts";
import { FeedViewType } from "../../../contract/views.ts";
import { runCommand } from "../../commands/run.ts";
import { tagNameOf } from "../../commands/tags.info.ts";
import { allHighlights$, allTags$, type HighlightListItem } from "../../queries/highlights.ts";
import { useLiveQuery } from "../../queries/use-live-query.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { FIELD_CLASS } from "../../ui/fields.tsx";
import { UnreadBadge } from "../../ui/unread-badge.tsx";
import { EmptyState, PageHeader } from "../page.tsx";
import { downloadMarkdown, entryMarkdown } from "./export-markdown.ts";
import { SWATCH } from "./highlight-colors.ts";
import { groupByEntry, matchesFilter } from "./highlight-filter.ts";

/**
 * Every highlight and note, grouped by entry, newest first: searchable by text and note,
 * filtered by feed and tag, each entry exported as Markdown; the tags link to their timelines.
 */
export function HighlightsPage() {
  const { t } = useTranslation("reader");
  const reader = useRuntime();
  const db = reader?.db;
  const highlights = useLiveQuery(() => (db ? allHighlights$(db) : of(undefined)), [db]);
  const tags = useLiveQuery(() => (db ? allTags$(db) : of([])), [db]);
  const [text, setText] = useState("");
  const [feedId, setFeedId] = useState("");
  const [tag, setTag] = useState("");
  const [renaming, setRenaming] = useState<string | null>(null);
  const feeds = useMemo(() => {
    const byId = new Map<string, string>();
    for (const h of highlights ?? []) if (h.feedId) byId.set(h.feedId, h.feedTitle ?? h.feedId);
    return [...byId].sort((a, b) => a[1].localeCompare(b[1]));
  }, [highlights]);
  const shown = (highlights ?? []).filter((h) => matchesFilter(h, { text, feedId, tag }));
  const groups = groupByEntry(shown);

  return (
    <div className="h-full overflow-y-auto" data-testid="highlights-page">
      <PageHeader title={t("highlights.pageTitle")} />
      <div className="mx-auto max-w-3xl space-y-6 px-6 py-6">
        {(tags ?? []).length > 0 ? (
          <nav aria-label={t("entryTags.title")} className="flex flex-wrap gap-2">
            {(tags ?? []).map((item) => (
              <Link
                key={item.tag}
                {...timelineLink({
                  view: FeedViewType.Articles,
                  feed: { kind: "tag", tag: item.tag },
                })}
                data-testid="tag-link"
                data-tag={item.tag}
                className="flex items-center gap-1 rounded-full bg-zinc-100 px-3 py-1 text-sm dark:bg-zinc-800"
              >
                #{item.tag}
                <span className="text-xs text-muted">{item.count}</span>
                {item.unread > 0 ? <UnreadBadge count={item.unread} /> : null}
              </Link>
            ))}
            <Button
              variant="text"
              size="sm"
              data-testid="tag-rename-open"
              onClick={() => setRenaming(tags?.[0]?.tag ?? "")}
            >
              {t("entryTags.rename")}
            </Button>
          </nav>
        ) : null}
        {renaming !== null ? (
          <TagRenameDialog
            tags={(tags ?? []).map((item) => item.tag)}
            initial={renaming}
            onClose={() => setRenaming(null)}
          />
        ) : null}
        <div className="flex flex-wrap gap-2">
          <input
            type="search"
            className={`${FIELD_CLASS} min-w-48 flex-1`}
            placeholder={t("highlights.search")}
            aria-label={t("highlights.search")}
            data-testid="highlights-search"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <select
            className={`${FIELD_CLASS} w-auto`}
            aria-label={t("highlights.allFeeds")}
            data-testid="highlights-feed"
            value={feedId}
            onChange={(event) => setFeedId(event.target.value)}
          >
            <option value="">{t("highlights.allFeeds")}</option>
            {feeds.map(([id, title]) => (
              <option key={id} value={id}>
                {title}
              </option>
            ))}
          </select>
          <select
            className={`${FIELD_CLASS} w-auto`}
            aria-label={t("highlights.allTags")}
            data-testid="highlights-tag"
            value={tag}
            onChange={(event) => setTag(event.target.value)}
          >
            <option value="">{t("highlights.allTags")}</option>
            {(tags ?? []).map((item) => (
              <option key={item.tag} value={item.tag}>
                {item.tag}
              </option>
            ))}
          </select>
        </div>
        {highlights && groups.length === 0 ? <EmptyState title={t("highlights.empty")} /> : null}
        {groups.map((group) => (
          <EntryGroup key={group.entryId} items={group.items} />
        ))}
      </div>
    </div>
  );
}

function EntryGroup({ items }: { items: readonly HighlightListItem[] }) {
  const { t } = useTranslation("reader");
  const first = items[0]!;
  const entry = {
    id: first.entryId,
    title: first.entryTitle,
    url: first.entryUrl,
    author: first.entryAuthor,
    feedTitle: first.feedTitle,
  };
  const ordered = [...items].sort((a, b) => a.start - b.start);
  return (
    <section data-testid="highlights-entry" data-entry-id={first.entryId}>
      <div className="mb-2 flex items-baseline gap-2">
        <h2 className="min-w-0 flex-1 truncate font-semibold">
          <Link
            {...timelineLink({ view: FeedViewType.Articles, entryId: first.entryId })}
            title={t("highlights.openEntry")}
          >
            {first.entryTitle ?? first.entryUrl ?? first.entryId}
          </Link>
        </h2>
        <span className="text-xs text-muted">{first.feedTitle}</span>
        <Button
          variant="text"
          size="sm"
          onClick={() => downloadMarkdown(entry, entryMarkdown(entry, ordered, first.tags))}
        >
          {t("highlights.downloadMarkdown")}
        </Button>
      </div>
      <ul className="space-y-2">
        {ordered.map((highlight) => (
          <li key={highlight.id} data-testid="highlights-item" className="flex gap-2">
            <span
              className={`mt-1.5 inline-block size-2.5 shrink-0 rounded-full ${SWATCH[highlight.color]}`}
              aria-hidden="true"
            />
            <div>
              <blockquote className="text-sm">{highlight.exact}</blockquote>
              {highlight.note ? <p className="mt-1 text-xs text-muted">{highlight.note}</p> : null}
              <p className="mt-0.5 text-xs text-muted">
                {new Date(highlight.createdAt).toLocaleDateString()}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Renames a tag on every entry; onto a tag that exists it merges the two. */
function TagRenameDialog(props: { tags: readonly string[]; initial: string; onClose(): void }) {
  const { t } = useTranslation("reader");
  const [from, setFrom] = useState(props.initial);
  const [typed, setTyped] = useState("");
  const to = tagNameOf(typed);
  const submit = () => {
    if (!to || !from || to === from) return;
    runCommand(props.tags.includes(to) ? "tags.merge" : "tags.rename", {}, { from, to });
    props.onClose();
  };
  return (
    <Dialog open onClose={props.onClose} title={t("entryTags.rename")} testId="tag-rename-dialog">
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <select
          className={FIELD_CLASS}
          aria-label={t("entryTags.title")}
          data-testid="tag-rename-from"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
        >
          {props.tags.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <input
          data-autofocus
          className={FIELD_CLASS}
          data-testid="tag-rename-to"
          maxLength={64}
          placeholder={t("entryTags.renameTo")}
          aria-label={t("entryTags.renameTo")}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Button type="submit" disabled={!to || to === from} data-testid="tag-rename-save">
          {t("entryTags.rename")}
        </Button>
      </form>
    </Dialog>
  );
}
