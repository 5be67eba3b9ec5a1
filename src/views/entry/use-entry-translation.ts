import { useEffect, useMemo, useState } from "react";
import type { TranslationFields } from "../../../contract/ai.ts";
import type { EntryDetail } from "../../queries/index.ts";
import { describeFailure } from "../../services/ai/failure.ts";
import { aiCapabilities, loadTranslation } from "../../services/ai/translation.ts";
import type { RuntimeServices } from "../../services/runtime-services.ts";
import { type ReadState, useRead } from "../../services/server-read.ts";
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

function translationState(read: ReadState<TranslationFields | null>): TranslationState {
  switch (read.status) {
    case "idle":
      return { status: "off" };
    case "loading":
      return { status: "loading" };
    case "ready":
      return read.data ? { status: "done", fields: read.data } : { status: "unavailable" };
    case "failed":
      return { status: "error", ...describeFailure(read.error) };
  }
}

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
  const [attempt, setAttempt] = useState(0);
  const entryId = entry.id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new entry starts from the setting.
  useEffect(() => setOn(auto), [auto, entryId]);

  // The entry's fields matter only through its id, the body shown and whether it has loaded;
  // a new attempt (retry) reads again.
  const wanted = on ? { entryId, language, body: html ? body : null, attempt } : null;
  const read = useRead(
    reader,
    wanted,
    async (services, input): Promise<TranslationFields | null> => {
      const capabilities = await aiCapabilities(services.api);
      if (!capabilities.translation) return null;
      return loadTranslation(services.api, services.db, entry, input.language, input.body);
    },
  );
  const state = translationState(read);

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
