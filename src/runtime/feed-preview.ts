import { useEffect, useState } from "react";
import type { Endpoints, ResponseOf } from "../../contract/api/index.ts";
import { endpointInfo } from "../../contract/api/info.ts";
import type { ApiFetch } from "../api/client.ts";
import { isFetchError } from "../api/fetch-error.ts";
import { translate } from "../i18n/index.ts";

/** What the feeds endpoint answers for a URL: the feed, its newest entries, how lively it is. */
export type FeedPreview = ResponseOf<Endpoints["feeds"]["get"]>["data"];

export type PreviewState =
  | { status: "idle" }
  | { status: "loading"; url: string }
  | { status: "ready"; url: string; preview: FeedPreview }
  | { status: "failed"; url: string; message: string; code: number | undefined };

/** Entries shown in the preview card. */
const PREVIEW_ENTRIES = 3;
/** Typing pauses this long before the preview is fetched. */
const PREVIEW_DEBOUNCE_MS = 500;

/** Worth asking the server about: a feed-route URL, or a web URL with a dotted or local host. */
function previewable(url: string): boolean {
  if (/^rsshub:\/\/\S+/i.test(url)) return true;
  try {
    const { protocol, hostname } = new URL(url);
    return /^https?:$/.test(protocol) && (hostname.includes(".") || hostname === "localhost");
  } catch {
    return false;
  }
}

async function fetchFeedPreview(
  api: ApiFetch,
  url: string,
  signal?: AbortSignal,
): Promise<FeedPreview> {
  const answer = await api.call(
    endpointInfo.feeds.get,
    { url, entriesLimit: PREVIEW_ENTRIES },
    // Discovery may try several addresses: give it longer than a plain read.
    { ...(signal ? { signal } : {}), silent: true, timeout: 30_000 },
  );
  return answer.data;
}

/**
 * The preview of the URL being typed: fetched after a pause, only while online; a newer URL
 * aborts the older request. Subscribing never waits for it.
 */
export function useFeedPreview(api: ApiFetch | undefined, url: string, online: boolean) {
  const [state, setState] = useState<PreviewState>({ status: "idle" });
  useEffect(() => {
    if (!api || !online || !previewable(url)) {
      setState({ status: "idle" });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ status: "loading", url });
      fetchFeedPreview(api, url, controller.signal).then(
        (preview) => setState({ status: "ready", url, preview }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const code = isFetchError(error) ? error.code : undefined;
          const fallback = isFetchError(error) ? (error.serverMessage ?? error.message) : "";
          const message = code === undefined ? fallback : translate(`errors:${code}`, fallback);
          setState({ status: "failed", url, message, code });
        },
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, url, online]);
  return state;
}
