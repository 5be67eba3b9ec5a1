import { useEffect, useMemo, useState } from "react";
import type { TranslationFields } from "../../../contract/ai.ts";
import type { EntryDetail } from "../../queries/index.ts";
import { describeFailure } from "../../runtime/ai/failure.ts";
import { aiCapabilities, loadTranslation } from "../../runtime/ai/translation.ts";
import type { RuntimeServices } from "../../runtime/start-runtime.ts";
import { useGeneralSettings } from "../../settings/hooks.ts";
import { bilingualHtml } from "./bilingual.ts";
import { useActionLanguage } from "./entry-summary.tsx";
import { sanitizeContent } from "./sanitize.ts";

export type TranslationState =
  | { status: "off" }
  | { status: "loading" }
  | { status: "unavailable" }
  | { status: "done"; fields: TranslationFields }
  | { status: "error"; code: number | undefined; message: string; reason: string | null };

/**
 * The entry's translation as the pane shows it: on by default with the `translation` setting,
 * toggled per entry; with translationMode "bilingual" each block of the original is followed
 * by its translation, with "translation" the translation replaces it.
 */
export function useEntryTranslation(
  reader: RuntimeServices,
  entry: EntryDetail,
  body: "content" | "readabilityContent",
  html: string | null,
) {
  const general = useGeneralSettings();
  const language = useActionLanguage();
  // On by the setting, or by an action rule that asked to translate this entry.
  const auto = general.translation || entry.actionSettings.translation === true;
  const [on, setOn] = useState(auto);
  const [state, setState] = useState<TranslationState>({ status: "off" });
  const [attempt, setAttempt] = useState(0);
  const entryId = entry.id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new entry starts from the setting.
  useEffect(() => setOn(auto), [auto, entryId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (retry) runs it again.
  useEffect(() => {
    if (!on) {
      setState({ status: "off" });
      return;
    }
    let cancelled = false;
    setState({ status: "loading" });
    void (async () => {
      try {
        const capabilities = await aiCapabilities(reader.api);
        if (!capabilities.translation) {
          if (!cancelled) setState({ status: "unavailable" });
          return;
        }
        const fields = await loadTranslation(
          reader.api,
          reader.db,
          entry,
          language,
          html ? body : null,
        );
        if (!cancelled) setState({ status: "done", fields });
      } catch (error) {
        if (cancelled) return;
        setState({ status: "error", ...describeFailure(error) });
      }
    })();
    return () => {
      cancelled = true;
    };
    // The entry's fields matter only through its id, the body shown and whether it has loaded.
  }, [on, reader, entryId, language, body, Boolean(html), attempt]);

  const fields = state.status === "done" ? state.fields : {};
  const translated = fields[body];
  const mode = general.translationMode;
  const shown = useMemo(
    () =>
      html && translated
        ? mode === "bilingual"
          ? bilingualHtml(sanitizeContent(html), sanitizeContent(translated), language)
          : translated
        : html,
    [html, translated, mode, language],
  );
  return {
    on,
    toggle: () => setOn((value) => !value),
    retry: () => setAttempt((n) => n + 1),
    state,
    mode,
    language,
    /** The title to head the entry with (translation-only mode replaces it). */
    title: mode === "translation" && fields.title ? fields.title : entry.title,
    /** A translated title to show under the original (bilingual mode). */
    titleBelow: mode === "bilingual" ? (fields.title ?? null) : null,
    html: shown,
  };
}
