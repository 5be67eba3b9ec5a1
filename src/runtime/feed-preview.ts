import { useEffect, useState } from "react";
import type { Endpoints, ResponseOf } from "../../contract/api/index.ts";
import { endpointInfo } from "../../contract/api/info.ts";
import type { ApiFetch } from "../api/client.ts";
import { errorText } from "../api/error-text.ts";
import { isFetchError } from "../api/fetch-error.ts";
import { i18n, translate } from "../i18n/index.ts";

/** What the feeds endpoint answers for a URL: the feed, its newest entries, how lively it is. */
export type FeedPreview = ResponseOf<Endpoints["feeds"]["get"]>["data"];

export type PreviewState =
  | { status: "idle" }
  | { status: "loading"; url: string }
  | { status: "ready"; url: string; preview: FeedPreview }
  | {
      status: "failed";
      url: string;
      message: string;
      code: number | undefined;
      /** The server's reason in words (HTTP 404, too large, no feed linked, private address). */
      reason: string | undefined;
    }
  /** The text typed is no web address (shown after the same pause as a preview). */
  | { status: "invalid"; text: string };

/** Entries shown in the preview card. */
const PREVIEW_ENTRIES = 3;
/** Typing pauses this long before the preview is fetched. */
const PREVIEW_DEBOUNCE_MS = 500;

async function fetchFeedPreview(
  api: ApiFetch,
  url: string,
  signal?: AbortSignal,
): Promise<FeedPreview> {
  const answer = await api.call(
    endpointInfo.feeds.get,
    { url, entriesLimit: PREVIEW_ENTRIES },
    // Discovery may try several addresses: give it longer than a plain read. The reason of a
    // refusal comes in the UI's language, whatever the browser's.
    {
      ...(signal ? { signal } : {}),
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
) {
  const [state, setState] = useState<PreviewState>({ status: "idle" });
  const { url, invalid } = target;
  useEffect(() => {
    if (invalid !== null) {
      setState({ status: "idle" });
      const timer = setTimeout(
        () => setState({ status: "invalid", text: invalid }),
        PREVIEW_DEBOUNCE_MS,
      );
      return () => clearTimeout(timer);
    }
    if (!api || !online || url === "") {
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
          const { message, reason } = errorText(error, translate);
          setState({ status: "failed", url, message, code, reason });
        },
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, url, invalid, online]);
  return state;
}
