import { type RefObject, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { of } from "rxjs";
import { runCommand } from "../../commands/run.ts";
import { entryHighlights$, entryTags$, type HighlightItem } from "../../queries/highlights.ts";
import { useLiveQuery } from "../../queries/use-live-query.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { useShortcut } from "../../shortcuts/index.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { FIELD_CLASS } from "../../ui/fields.tsx";
import { toast } from "../../ui/toaster.tsx";
import { downloadMarkdown, type ExportedEntry, entryMarkdown } from "./export-markdown.ts";
import {
  DEFAULT_HIGHLIGHT_COLOR,
  HIGHLIGHT_COLORS,
  type HighlightColor,
  SWATCH,
} from "./highlight-colors.ts";
import "./highlights.css";
import { highlightSelection } from "./new-highlight.ts";
import { highlightIdAt, selectionRange } from "./text-marks.ts";
import { useHighlightMarks } from "./use-highlight-marks.ts";

/**
 * The entry's highlights over its rendered content: marks in the text, a colour bar over a
 * selection (mouse, touch or keyboard; the shortcut takes the default colour), an editor for a
 * clicked mark, and the list with its Markdown export below the text.
 */
export function HighlightLayer(props: {
  container: RefObject<HTMLDivElement | null>;
  contentKey: unknown;
  entry: ExportedEntry;
}) {
  const { container, contentKey, entry } = props;
  const reader = useRuntime();
  const db = reader?.db;
  const highlights = useLiveQuery(
    () => (db ? entryHighlights$(db, entry.id) : of(undefined)),
    [db, entry.id],
  );
  const tags = useLiveQuery(() => (db ? entryTags$(db, entry.id) : of([])), [db, entry.id]);
  const orphaned = useHighlightMarks(container, highlights, contentKey);
  const [bar, setBar] = useState<{ top: number; left: number } | null>(null);
  const [editing, setEditing] = useState<string | null>(null);

  useShortcut("entry.highlightSelection", () => {
    const root = container.current;
    return root ? highlightSelection(root, entry.id, DEFAULT_HIGHLIGHT_COLOR) : false;
  });

  // The colour bar follows the selection while it lies in the entry's text.
  useEffect(() => {
    const update = () => {
      const root = container.current;
      const selection = document.getSelection();
      if (!root || !selectionRange(root, selection)) return setBar(null);
      const rect = selection!.getRangeAt(0).getBoundingClientRect();
      setBar({ top: Math.max(rect.top - 44, 4), left: rect.left + rect.width / 2 });
    };
    document.addEventListener("selectionchange", update);
    return () => document.removeEventListener("selectionchange", update);
  }, [container]);

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const onClick = (event: MouseEvent) => {
      const id = highlightIdAt(event.target);
      if (!id || !document.getSelection()?.isCollapsed) return;
      event.preventDefault();
      setEditing(id);
    };
    root.addEventListener("click", onClick);
    return () => root.removeEventListener("click", onClick);
  }, [container]);

  const create = (color: HighlightColor) => {
    const root = container.current;
    if (root && highlightSelection(root, entry.id, color)) setBar(null);
  };
  const edited = highlights?.find((h) => h.id === editing);

  return (
    <>
      {bar ? <SelectionBar position={bar} onPick={create} /> : null}
      {edited ? <HighlightEditor highlight={edited} onClose={() => setEditing(null)} /> : null}
      {highlights && highlights.length > 0 ? (
        <HighlightList
          entry={entry}
          highlights={highlights}
          orphaned={orphaned}
          tags={tags ?? []}
          onOpen={setEditing}
        />
      ) : null}
    </>
  );
}

function SelectionBar(props: {
  position: { top: number; left: number };
  onPick(color: HighlightColor): void;
}) {
  const { t } = useTranslation("reader");
  return (
    <div
      role="toolbar"
      aria-label={t("highlights.highlight")}
      data-testid="highlight-bar"
      className="fixed z-40 flex -translate-x-1/2 gap-1 rounded-full border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
      style={{ top: props.position.top, left: props.position.left }}
      // Keeps the selection: a press on the bar must not collapse it before the click.
      onMouseDown={(event) => event.preventDefault()}
    >
      {HIGHLIGHT_COLORS.map((color) => (
        <button
          key={color}
          type="button"
          className={`size-7 rounded-full ${SWATCH[color]} ring-offset-1 hover:ring-2 focus-visible:ring-2`}
          aria-label={t(`highlights.colors.${color}`)}
          title={t(`highlights.colors.${color}`)}
          data-testid={`highlight-color-${color}`}
          onClick={() => props.onPick(color)}
        />
      ))}
    </div>
  );
}

function HighlightEditor(props: { highlight: HighlightItem; onClose(): void }) {
  const { t } = useTranslation("reader");
  const { highlight } = props;
  const [note, setNote] = useState(highlight.note);
  const save = () => {
    if (note !== highlight.note)
      runCommand("highlights.annotate", {}, { highlightId: highlight.id, note });
    props.onClose();
  };
  return (
    <Dialog
      open
      onClose={props.onClose}
      title={t("highlights.editTitle")}
      testId="highlight-editor"
    >
      <blockquote className="mb-3 border-l-4 border-zinc-300 pl-3 text-sm text-zinc-700 dark:text-zinc-300">
        {highlight.exact}
      </blockquote>
      <fieldset className="mb-3 flex gap-2">
        <legend className="sr-only">{t("highlights.color")}</legend>
        {HIGHLIGHT_COLORS.map((color) => (
          <button
            key={color}
            type="button"
            aria-pressed={highlight.color === color}
            aria-label={t(`highlights.colors.${color}`)}
            data-testid={`highlight-recolor-${color}`}
            className={`size-7 rounded-full ${SWATCH[color]} ${highlight.color === color ? "ring-2 ring-zinc-700 ring-offset-1" : ""}`}
            onClick={() =>
              runCommand("highlights.recolor", {}, { highlightId: highlight.id, color })
            }
          />
        ))}
      </fieldset>
      <label className="mb-1 block text-sm font-medium" htmlFor="highlight-note">
        {t("highlights.note")}
      </label>
      <textarea
        id="highlight-note"
        data-autofocus
        data-testid="highlight-note"
        className={`${FIELD_CLASS} min-h-24`}
        value={note}
        maxLength={10_000}
        placeholder={t("highlights.notePlaceholder")}
        onChange={(event) => setNote(event.target.value)}
      />
      <div className="mt-4 flex justify-between gap-2">
        <Button
          variant="text"
          data-testid="highlight-delete"
          onClick={() => {
            runCommand("highlights.delete", {}, { highlightId: highlight.id });
            props.onClose();
          }}
        >
          {t("highlights.delete")}
        </Button>
        <Button data-testid="highlight-save" onClick={save}>
          {t("highlights.save")}
        </Button>
      </div>
    </Dialog>
  );
}

function HighlightList(props: {
  entry: ExportedEntry;
  highlights: readonly HighlightItem[];
  orphaned: ReadonlySet<string>;
  tags: readonly string[];
  onOpen(id: string): void;
}) {
  const { t } = useTranslation("reader");
  const { entry, highlights, orphaned, tags } = props;
  const markdown = () => entryMarkdown(entry, highlights, tags);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(markdown());
      toast.success(t("highlights.copied"));
    } catch {
      toast.error(t("errors:clipboard.copyFailed"));
    }
  };
  return (
    <section
      className="mt-8 border-t border-zinc-200 pt-4 dark:border-zinc-800"
      aria-label={t("highlights.title")}
      data-testid="entry-highlights"
    >
      <div className="mb-2 flex items-center gap-2">
        <h2 className="flex-1 text-sm font-semibold">
          {t("highlights.title")} ({highlights.length})
        </h2>
        <Button variant="outline" size="sm" data-testid="highlights-copy-markdown" onClick={copy}>
          {t("highlights.copyMarkdown")}
        </Button>
        <Button
          variant="outline"
          size="sm"
          data-testid="highlights-download-markdown"
          onClick={() => downloadMarkdown(entry, markdown())}
        >
          {t("highlights.downloadMarkdown")}
        </Button>
      </div>
      <ul className="space-y-2">
        {highlights.map((highlight) => (
          <li key={highlight.id} data-testid="entry-highlight" data-highlight={highlight.id}>
            <button
              type="button"
              className="w-full text-left"
              onClick={() => props.onOpen(highlight.id)}
            >
              <span
                className={`mr-2 inline-block size-2.5 rounded-full ${SWATCH[highlight.color]}`}
                aria-hidden="true"
              />
              <span className="text-sm">{highlight.exact}</span>
              {orphaned.has(highlight.id) ? (
                <span className="ml-2 text-xs text-amber-700" data-testid="highlight-orphaned">
                  {t("highlights.orphaned")}
                </span>
              ) : null}
              {highlight.note ? (
                <span className="mt-1 block text-xs text-muted" data-testid="highlight-note-text">
                  {highlight.note}
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
