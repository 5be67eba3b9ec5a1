import { useSyncExternalStore } from "react";
import { useGeneralSettings } from "../../settings/hooks.ts";
import { normalizeSpotlight } from "../../settings/spotlight.ts";
import { type CompileRegex, type SpotlightMatcher, spotlightMatcher } from "./spotlight-match.ts";

/**
 * The RE2 engine is large: it is loaded (once) only when a keyword is a pattern, so the first
 * paint never carries it. Until it arrives, patterns are simply not marked.
 */
let compile: CompileRegex | undefined;
let loading = false;
const listeners = new Set<() => void>();

function loadEngine() {
  if (compile || loading) return;
  loading = true;
  import("../../../contract/actions-match.ts").then(
    (module) => {
      compile = module.compileRegex;
      for (const listener of listeners) listener();
    },
    () => {
      loading = false;
    },
  );
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const engineLoaded = () => compile !== undefined;

/** Which keywords a matcher is for: all (marks), or those set to raise or to notify. */
export type SpotlightPurpose = "mark" | "raise" | "notify";

const byStored = new WeakMap<
  object,
  Partial<Record<SpotlightPurpose, { withEngine: boolean; matcher: SpotlightMatcher | null }>>
>();

/** The matcher for the stored keyword list, built once per stored value (null: no keywords). */
export function matcherFor(
  stored: unknown,
  purpose: SpotlightPurpose = "mark",
): SpotlightMatcher | null {
  if (!Array.isArray(stored) || stored.length === 0) return null;
  const cache = byStored.get(stored) ?? {};
  const cached = cache[purpose];
  if (cached && cached.withEngine === (compile !== undefined)) return cached.matcher;
  const keywords = normalizeSpotlight(stored).filter(
    (keyword) => purpose === "mark" || keyword[purpose] === true,
  );
  if (keywords.some((keyword) => keyword.isRegex)) loadEngine();
  const matcher = spotlightMatcher(keywords, compile);
  cache[purpose] = { withEngine: compile !== undefined, matcher };
  byStored.set(stored, cache);
  return matcher;
}

/** The spotlight matcher for the current settings; re-renders when they (or the engine) change. */
export function useSpotlightMatcher(purpose: SpotlightPurpose = "mark"): SpotlightMatcher | null {
  useSyncExternalStore(subscribe, engineLoaded, engineLoaded);
  return matcherFor(useGeneralSettings().spotlight, purpose);
}
