import { useEffect, useMemo, useRef, useState } from "react";
import { useReaderSettings } from "../../settings/reader.ts";
import type { ExportedEntry } from "../highlights/export-markdown.ts";
import { HighlightLayer } from "../highlights/highlight-layer.tsx";
import { useEntryHighlight } from "../search/entry-highlight.ts";
import { useSpotlightMarks } from "../spotlight/spotlight-marks.ts";
import "../spotlight/spotlight.css";
import { useSpotlightMatcher } from "../spotlight/use-spotlight.ts";
import "./entry-content.css";
import { highlightCodeBlocks } from "./highlight-code.ts";
import { JumpOutDialog } from "./jump-out-dialog.tsx";
import { sanitizeContent } from "./sanitize.ts";

/** Links worth a warning: they leave the app (not in-page anchors or mail links). */
function outboundUrl(anchor: HTMLAnchorElement): string | null {
  const href = anchor.getAttribute("href");
  if (!href || href.startsWith("#")) return null;
  try {
    const url = new URL(href, window.location.href);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The entry's HTML after the browser's own sanitizing (sanitize.ts), in the content font size
 * and line height. With jumpOutLinkWarn on, following a link (click or Enter) asks first.
 */
export function EntryContent({
  html,
  entryId,
  entry,
}: {
  html: string;
  entryId?: string;
  /** The entry whose highlights are marked in the content (none without it). */
  entry?: ExportedEntry;
}) {
  const settings = useReaderSettings();
  const clean = useMemo(() => sanitizeContent(html), [html]);
  const [leaving, setLeaving] = useState<string | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const warn = settings.jumpOutLinkWarn;
  // Terms of the search this entry was opened from, marked in the text.
  useEntryHighlight(container, entryId ?? "", clean);
  // Spotlight keywords marked in the text nodes, beside the highlight marks.
  useSpotlightMarks(container, useSpotlightMatcher(), clean);

  // Code blocks in the code theme's colours; the content is replaced when `clean` changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: new content is the trigger.
  useEffect(() => {
    if (container.current) highlightCodeBlocks(container.current);
  }, [clean]);

  useEffect(() => {
    const element = container.current;
    if (!element || !warn) return;
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.("a[href]");
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const url = outboundUrl(anchor);
      if (!url) return;
      event.preventDefault();
      setLeaving(url);
    };
    element.addEventListener("click", onClick);
    return () => element.removeEventListener("click", onClick);
  }, [warn]);

  return (
    <>
      <div
        ref={container}
        className="entry-content"
        style={{ fontSize: settings.contentFontSize, lineHeight: settings.contentLineHeight }}
        data-testid="entry-content"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized twice (server and DOMPurify).
        dangerouslySetInnerHTML={{ __html: clean }}
      />
      {entry ? <HighlightLayer container={container} contentKey={clean} entry={entry} /> : null}
      <JumpOutDialog url={leaving} onClose={() => setLeaving(null)} />
    </>
  );
}
