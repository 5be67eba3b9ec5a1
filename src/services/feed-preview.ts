import { useEffect, useState } from "react";
import type { Endpoints, ResponseOf } from "../../contract/api/index.ts";
import { endpointInfo } from "../../contract/api/info.ts";
import type { ApiFetch } from "../api/client.ts";
import { errorText } from "../api/error-text.ts";
import { i18n, translate } from "../i18n/index.ts";
import { type ReadState, useRead } from "./server-read.ts";

/** What the feeds endpoint answers for a URL: the feed, its newest entries, how lively it is. */
export type FeedPreview = ResponseOf<Endpoints["feeds"]["get"]>["data"];

export type PreviewState =
  | ReadState<FeedPreview, string>
  /** The text typed is no web address (shown after the same pause as a preview). */
  | { status: "invalid"; text: string };

/** Entries shown in the preview card. */
const PREVIEW_ENTRIES = 3;
/** Typing pauses this long before the preview is fetched. */
const PREVIEW_DEBOUNCE_MS = 500;

async function fetchFeedPreview(
  api: ApiFetch,
  url: string,
  signal: AbortSignal,
): Promise<FeedPreview> {
  const answer = await api.call(
    endpointInfo.feeds.get,
    { url, entriesLimit: PREVIEW_ENTRIES },
    // Discovery may try several addresses: give it longer than a plain read. The reason of a
    // refusal comes in the UI's language, whatever the browser's.
    {
      signal,
      silent: true,
      timeout: 30_000,
      headers: { "accept-language": i18n.language || "en" },
    },
  );
  return answer.data;
}

/**
 * The preview of what is being typed: `url` fetched after a pause, only while online; a newer
 * URL aborts the older request. Text that is no address (`invalid`) says so after the same
 * pause. Subscribing never waits for a preview.
 */
export function useFeedPreview(
  api: ApiFetch | undefined,
  target: { url: string; invalid: string | null },
  online: boolean,
): PreviewState {
  const { url, invalid } = target;
  const wanted = invalid === null && api && online && url !== "" ? url : null;
  const read = useRead(api, wanted, fetchFeedPreview, {
    delayMs: PREVIEW_DEBOUNCE_MS,
    // The message alone: the card shows the server's reason below it.
    describe: (error) => errorText(error, translate).message,
  });
  const [shownInvalid, setShownInvalid] = useState<string | null>(null);
  useEffect(() => {
    setShownInvalid(null);
    if (invalid === null) return;
    const timer = setTimeout(() => setShownInvalid(invalid), PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [invalid]);
  if (invalid !== null) {
    return shownInvalid === invalid ? { status: "invalid", text: invalid } : { status: "idle" };
  }
  return read;
}
