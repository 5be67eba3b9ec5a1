import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button.tsx";
import { GlobeIcon } from "../../ui/icons.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import type { useEntryTranslation } from "./use-entry-translation.ts";

/**
 * The translate control above the content: turns translation on or off for this entry, and
 * says what happened: translating, unavailable (no provider, and how to enable one), nothing
 * to translate, or the coded error with a retry.
 */
export function TranslationBar({
  translation,
}: {
  translation: ReturnType<typeof useEntryTranslation>;
}) {
  const { t } = useTranslation("ai");
  const { t: tErrors } = useTranslation("errors");
  const { state, on } = translation;
  const nothing = state.status === "done" && Object.keys(state.fields).length === 0;
  return (
    <div
      className="mt-4 flex flex-wrap items-center gap-3 text-sm text-zinc-600 dark:text-zinc-400"
      data-testid="translation-bar"
      data-state={state.status}
      data-mode={translation.mode}
    >
      <Button
        variant="outline"
        size="sm"
        onClick={translation.toggle}
        aria-pressed={on}
        data-testid="entry-translate"
      >
        <GlobeIcon />
        {on ? t("translation.showOriginal") : t("translation.translate")}
      </Button>
      {state.status === "loading" ? <Spinner size={16} label={t("translation.loading")} /> : null}
      {nothing ? <span>{t("translation.nothing")}</span> : null}
      {state.status === "unavailable" ? (
        <span role="status" data-testid="translation-unavailable">
          {t("translation.unavailable")}
        </span>
      ) : null}
      {state.status === "error" ? (
        <span role="alert" className="flex items-center gap-2" data-testid="translation-error">
          {state.code !== undefined
            ? tErrors(String(state.code), { defaultValue: state.message })
            : state.message}
          {state.reason ? ` (${state.reason})` : ""}
          <Button variant="text" size="sm" onClick={translation.retry}>
            {t("summary.retry")}
          </Button>
        </span>
      ) : null}
      {translation.titleBelow ? (
        <p
          className="basis-full text-lg font-semibold text-zinc-800 dark:text-zinc-200"
          data-testid="entry-title-translation"
          lang={translation.language}
        >
          {translation.titleBelow}
        </p>
      ) : null}
    </div>
  );
}
