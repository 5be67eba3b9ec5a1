import { useRef } from "react";
import { of } from "rxjs";
import { type EntryCard, entryCards$, translatedTitles$ } from "../../queries/index.ts";
import { useLiveQuery } from "../../queries/use-live-query.ts";
import type { RuntimeServices } from "../../services/runtime-services.ts";
import { useGeneralSettings } from "../../settings/hooks.ts";

/**
 * The rows of the entries around the visible range (one live query per window). Rows already
 * loaded keep showing while the next window loads, so scrolling never flashes placeholders
 * for entries seen a moment ago.
 */
export function useCardWindow(reader: RuntimeServices | undefined, ids: string[]) {
  const key = ids.join(",");
  const db = reader?.db;
  const cards = useLiveQuery(
    () => (db ? entryCards$(db, ids) : of<Record<string, EntryCard>>({})),
    [db, key],
  );
  // With translation on, rows show the titles already translated into the user's language.
  const general = useGeneralSettings();
  const language =
    general.actionLanguage && general.actionLanguage !== "default"
      ? general.actionLanguage
      : general.language;
  const translate = general.translation;
  const titles = useLiveQuery(
    () => (db && translate ? translatedTitles$(db, ids, language) : of<Record<string, string>>({})),
    [db, key, translate, language],
  );
  const cache = useRef(new Map<string, EntryCard>());
  const seenTitles = useRef<Record<string, string> | undefined>(undefined);
  const seen = useRef<Record<string, EntryCard> | undefined>(undefined);
  const version = useRef(0);
  if (cards && (cards !== seen.current || titles !== seenTitles.current)) {
    seen.current = cards;
    seenTitles.current = titles;
    version.current += 1;
    const keep = new Set(ids);
    for (const id of cache.current.keys()) if (!keep.has(id)) cache.current.delete(id);
    for (const id of ids) {
      const card = cards[id];
      const title = titles?.[id];
      if (card) cache.current.set(id, title ? { ...card, title } : card);
    }
  }
  return { cards: cache.current, version: version.current };
}
