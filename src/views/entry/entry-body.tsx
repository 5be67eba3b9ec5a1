import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCommandContext } from "../../commands/hooks.ts";
import type { EntryDetail } from "../../queries/index.ts";
import { loadReadability, readabilityFresh } from "../../services/entry-content/readability.ts";
import type { RuntimeServices } from "../../services/runtime-services.ts";
import { useReaderSettings } from "../../settings/reader.ts";
import { useShortcut } from "../../shortcuts/index.ts";
import { Spinner } from "../../ui/spinner.tsx";
import { toast } from "../../ui/toaster.tsx";
import { EntryContent } from "./entry-content.tsx";
import { entryContext } from "./entry-context.ts";
import { EntryHeader } from "./entry-header.tsx";
import { EntryMedia } from "./entry-media.tsx";
import { EntrySummary } from "./entry-summary.tsx";
import { EntryToolbar } from "./entry-toolbar.tsx";
import { ReadAloud } from "./read-aloud.tsx";
import { ReadingPosition } from "./reading-position.tsx";
import { TranslationBar } from "./translation-bar.tsx";
import { useEntryTranslation } from "./use-entry-translation.ts";

/**
 * A stored entry: toolbar, header, media and content (or its full text with readability on).
 * Space / Shift+Space scroll it; its state is published for the palette's commands.
 */
export function EntryBody(props: {
  reader: RuntimeServices;
  entry: EntryDetail;
  streamed: boolean;
}) {
  const { t } = useTranslation("reader");
  const { reader, entry, streamed } = props;
  const settings = useReaderSettings();
  const scroller = useRef<HTMLDivElement>(null);
  const [readability, setReadability] = useState(false);
  const [loadingReadability, setLoadingReadability] = useState(false);

  useCommandContext(entryContext(entry));
  const page = (direction: number) => {
    const element = scroller.current;
    if (!element) return false;
    element.scrollBy({ top: direction * element.clientHeight * 0.85 });
    return true;
  };
  useShortcut("entry.scrollDown", () => page(1));
  useShortcut("entry.scrollUp", () => page(-1));

  async function toggleReadability() {
    if (readability) return setReadability(false);
    if (readabilityFresh(entry)) return setReadability(true);
    setLoadingReadability(true);
    try {
      if (await loadReadability(reader.api, reader.db, entry.id)) setReadability(true);
      else toast.info(t("entry.readabilityEmpty"));
    } catch {
      // The API client already showed the coded error.
    } finally {
      setLoadingReadability(false);
    }
  }

  // An action rule that asked for the full text of this entry turns it on when it opens.
  const wantsFullText = entry.actionSettings.readability === true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per entry opened.
  useEffect(() => {
    if (wantsFullText && !readability) void toggleReadability();
  }, [entry.id, wantsFullText]);

  // Full text shows once the stored copy has reached this view's query, not merely once asked.
  const fullText = readability && Boolean(entry.readabilityContent);
  const original = fullText ? entry.readabilityContent : entry.content;
  const body = fullText ? "readabilityContent" : "content";
  const translation = useEntryTranslation(reader, entry, body, original);
  const html = translation.html;
  return (
    <article
      className="flex h-full min-h-0 flex-col"
      data-testid="entry-view"
      data-entry-id={entry.id}
      data-read={entry.read ? "1" : "0"}
      data-starred={entry.starred ? "1" : "0"}
      data-content={html ? "ready" : streamed ? "empty" : "loading"}
      data-readability={fullText ? "1" : "0"}
      aria-labelledby="entry-title"
    >
      <EntryToolbar
        entry={entry}
        readability={{ on: readability, loading: loadingReadability, toggle: toggleReadability }}
      />
      <ReadingPosition
        key={entry.id}
        reader={reader}
        entryId={entry.id}
        scroller={scroller}
        ready={Boolean(html)}
      />
      <div
        ref={scroller}
        className="player-room min-h-0 flex-1 overflow-y-auto"
        data-testid="entry-scroll"
      >
        <div className={`mx-auto px-6 py-8 ${settings.wideMode ? "max-w-none" : "max-w-3xl"}`}>
          <div id="entry-title">
            <EntryHeader entry={{ ...entry, title: translation.title }} />
          </div>
          <EntryMedia entry={entry} />
          <TranslationBar translation={translation} />
          <ReadAloud entryId={entry.id} title={translation.title} html={html} />
          <EntrySummary
            reader={reader}
            entryId={entry.id}
            html={original ?? (streamed ? (entry.description ?? "") : null)}
            target={body}
            asked={entry.actionSettings.summary === true}
          />
          {html ? (
            <div className="mt-4">
              <EntryContent html={html} entryId={entry.id} entry={entry} />
            </div>
          ) : (
            <div className="mt-4 space-y-3" data-testid="entry-content-loading">
              {entry.description ? (
                <p className="text-zinc-600 dark:text-zinc-400">{entry.description}</p>
              ) : null}
              {streamed ? (
                entry.description ? null : (
                  <p className="text-sm text-muted">{t("entry.noContent")}</p>
                )
              ) : (
                <p className="flex items-center gap-2 text-sm text-muted">
                  <Spinner size={16} />
                  {t("entry.loadingContent")}
                </p>
              )}
            </div>
          )}
        </div>
      </div>
    </article>
  );
}
