import { useId } from "react";
import { useTranslation } from "react-i18next";
import { SUPPORTED_LANGUAGES, type SupportedLanguage, setLanguage } from "../i18n/index.ts";
import { isSupportedLanguage, resolveLanguage } from "../i18n/languages.ts";
import { GlobeIcon } from "../ui/icons.tsx";

/** A labelled native select of the four UI languages, each named in its own language. */
export function LanguageSwitcher({ testId, compact }: { testId?: string; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current: SupportedLanguage = resolveLanguage(i18n.resolvedLanguage ?? i18n.language);

  return (
    <div className="inline-flex items-center gap-2 text-sm">
      <label htmlFor={id} className={compact ? "sr-only" : "text-zinc-600 dark:text-zinc-400"}>
        {t("language.label")}
      </label>
      <span className="relative inline-flex items-center">
        <GlobeIcon size={16} className="pointer-events-none absolute left-2.5 text-zinc-400" />
        <select
          id={id}
          value={current}
          data-testid={testId}
          onChange={(event) => {
            const next = event.target.value;
            if (isSupportedLanguage(next)) void setLanguage(next);
          }}
          className="h-9 appearance-none rounded-lg border border-zinc-300 bg-white pr-8 pl-8 text-sm text-zinc-800 hover:border-zinc-400 focus-visible:outline-2 focus-visible:outline-accent dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        >
          {SUPPORTED_LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {t(`language.names.${language}`)}
            </option>
          ))}
        </select>
        <span className="pointer-events-none absolute right-2.5 text-xs text-zinc-400">▾</span>
      </span>
    </div>
  );
}
