import { useEffect, useState } from "react";
import type {
  DiscoverItem,
  DiscoverListItem,
  DiscoverResult,
  DiscoverRouteItem,
} from "../../contract/api/discover.ts";
import { endpoints } from "../../contract/api/index.ts";
import type { DiscoverLanguage } from "../../contract/discover-language.ts";
import type { ApiFetch } from "../api/client.ts";
import { errorLine } from "../api/error-text.ts";
import { isFetchError } from "../api/fetch-error.ts";
import { translate } from "../i18n/index.ts";

export type DiscoverState =
  | { status: "idle" }
  | { status: "loading"; keyword: string }
  | { status: "ready"; keyword: string; items: readonly DiscoverResult[] }
  | { status: "failed"; keyword: string; message: string };

/** Typing pauses this long before words are looked up. */
const TYPE_AHEAD_MS = 350;

/**
 * Discover results for what is typed: words are looked up as the user types; an address is
 * fetched (discovery) only once submitted, not at every keystroke of a half-typed URL. Words
 * find feeds in `language` (the discoverLanguage setting) first, and none in other languages.
 */
export function useDiscover(
  api: ApiFetch | undefined,
  typed: string,
  submitted: string,
  language: DiscoverLanguage = "all",
  target: "feeds" | "lists" = "feeds",
) {
  const [state, setState] = useState<DiscoverState>({ status: "idle" });
  const keyword = looksLikeAddress(typed) ? submitted : typed.trim();
  useEffect(() => {
    if (!api || keyword.length < 2) {
      setState({ status: "idle" });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        setState({ status: "loading", keyword });
        api
          .call(
            endpoints.discover.search,
            { keyword, target, ...(language === "all" ? {} : { language }) },
            { signal: controller.signal, silent: true, timeout: 30_000 },
          )
          .then(
            (answer) => {
              if (!controller.signal.aborted)
                setState({ status: "ready", keyword, items: answer.data });
            },
            (error: unknown) => {
              if (controller.signal.aborted) return;
              const code = isFetchError(error) ? error.code : undefined;
              const reason = isFetchError(error) ? error.reason : undefined;
              const message = code === 1002 && reason ? reason : errorLine(error, translate);
              setState({ status: "failed", keyword, message });
            },
          );
      },
      keyword === submitted ? 0 : TYPE_AHEAD_MS,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, keyword, submitted, language, target]);
  return state;
}

/** A scheme, or a dotted host: what discovery would fetch. */
export function looksLikeAddress(text: string): boolean {
  const value = text.trim();
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^[^\s/]+\.[^\s/]+(\/\S*)?$/.test(value);
}

export const isFeedResult = (item: DiscoverResult): item is DiscoverItem => "feed" in item;
export const isListResult = (item: DiscoverResult): item is DiscoverListItem => "list" in item;
export const isRouteResult = (item: DiscoverResult): item is DiscoverRouteItem => "route" in item;
