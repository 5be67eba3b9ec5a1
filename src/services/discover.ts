import type {
  DiscoverItem,
  DiscoverListItem,
  DiscoverResult,
  DiscoverRouteItem,
} from "../../contract/api/discover.ts";
import type { RequestOf } from "../../contract/api/endpoint.ts";
import { type Endpoints, endpoints } from "../../contract/api/index.ts";
import type { DiscoverLanguage } from "../../contract/discover-language.ts";
import type { ApiFetch } from "../api/client.ts";
import { useServerRead } from "./server-read.ts";

/** Typing pauses this long before words are looked up. */
const TYPE_AHEAD_MS = 350;

type DiscoverRequest = RequestOf<Endpoints["discover"]["search"]>;

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
  const keyword = looksLikeAddress(typed) ? submitted : typed.trim();
  const request: DiscoverRequest | null =
    keyword.length < 2 ? null : { keyword, target, ...(language === "all" ? {} : { language }) };
  return useServerRead(api, endpoints.discover.search, request, {
    delayMs: keyword === submitted ? 0 : TYPE_AHEAD_MS,
    timeout: 30_000,
    select: (answer): readonly DiscoverResult[] => answer.data,
  });
}

/** A scheme, or a dotted host: what discovery would fetch. */
export function looksLikeAddress(text: string): boolean {
  const value = text.trim();
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^[^\s/]+\.[^\s/]+(\/\S*)?$/.test(value);
}

export const isFeedResult = (item: DiscoverResult): item is DiscoverItem => "feed" in item;
export const isListResult = (item: DiscoverResult): item is DiscoverListItem => "list" in item;
export const isRouteResult = (item: DiscoverResult): item is DiscoverRouteItem => "route" in item;
