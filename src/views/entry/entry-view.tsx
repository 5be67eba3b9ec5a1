import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { of } from "rxjs";
import { runCommand } from "../../commands/run.ts";
import { entryDetail$ } from "../../queries/index.ts";
import { useLiveQuery } from "../../queries/use-live-query.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import {
  type ContentStream,
  createContentStream,
} from "../../services/entry-content/content-stream.ts";
import { fetchEntryIntoStore } from "../../services/entry-content/fetch-entry.ts";
import type { RuntimeServices } from "../../services/runtime-services.ts";
import { useRead } from "../../services/server-read.ts";
import { Spinner } from "../../ui/spinner.tsx";
import { EmptyState } from "../page.tsx";
import { useAreaScope } from "../shell/use-area-scope.ts";
import { EntryBody } from "./entry-body.tsx";
import { entryContext } from "./entry-context.ts";

const streams = new WeakMap<RuntimeServices, ContentStream>();
function contentStream(reader: RuntimeServices): ContentStream {
  let stream = streams.get(reader);
  if (!stream) {
    stream = createContentStream({ api: reader.api, db: reader.db });
    streams.set(reader, stream);
  }
  return stream;
}

/**
 * One entry, read from the local store. Opening it marks it read (every mark-as-read mode);
 * its content streams in when it came in list form; an entry not stored yet is fetched once.
 */
export function EntryView({ entryId }: { entryId: string }) {
  const { t } = useTranslation("reader");
  const { t: tApp } = useTranslation();
  const reader = useRuntime();
  const db = reader?.db;
  const entry = useLiveQuery(() => (db ? entryDetail$(db, entryId) : of(undefined)), [db, entryId]);
  const marked = useRef(false);
  const area = useRef<HTMLDivElement>(null);
  useAreaScope(area, "entry-render");

  // Not stored locally (a link from elsewhere, or older than what the pull keeps): fetch it.
  const fetched = useRead(reader ?? undefined, entry === null ? entryId : null, (services, id) =>
    fetchEntryIntoStore(services.api, services.db, id),
  );
  const missing = fetched.status === "ready" && fetched.data === "missing";

  // No content stored: the server streams it (an answer without content still ends the wait).
  const hasContent = Boolean(entry?.content);
  const streamId = entry?.id;
  const stream = useRead(
    reader ?? undefined,
    streamId && !hasContent ? streamId : null,
    (services, id) => contentStream(services).request(id),
  );
  const streamed =
    stream.status === "ready" || (reader ? contentStream(reader).answered(entryId) : false);

  useEffect(() => {
    if (!reader || !entry || marked.current) return;
    marked.current = true;
    if (!entry.read) runCommand("entries.markRead", entryContext(entry));
  }, [reader, entry]);

  if (!reader || entry === undefined || (entry === null && !missing)) {
    return (
      <div
        ref={area}
        className="flex h-full items-center justify-center text-muted"
        data-testid="entry-loading"
      >
        <Spinner size={24} label={tApp("common.loading")} />
      </div>
    );
  }
  if (entry === null) {
    return (
      <div ref={area} className="p-8" data-testid="entry-missing">
        <EmptyState title={t("entry.missingTitle")} body={t("entry.missingBody")} />
      </div>
    );
  }

  return (
    <div ref={area} className="h-full min-h-0">
      <EntryBody reader={reader} entry={entry} streamed={streamed} />
    </div>
  );
}
