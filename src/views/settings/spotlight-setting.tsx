import { useState } from "react";
import { useTranslation } from "react-i18next";
import { compileRegex } from "../../../contract/actions-match.ts";
import { setGeneralSetting, useGeneralSettings } from "../../settings/hooks.ts";
import {
  MAX_SPOTLIGHT_KEYWORDS,
  MAX_SPOTLIGHT_PATTERN_LENGTH,
  normalizeSpotlight,
  type SpotlightKeyword,
} from "../../settings/spotlight.ts";
import { Button } from "../../ui/button.tsx";
import { FIELD_CLASS } from "../../ui/fields.tsx";
import { IconButton } from "../../ui/icon-button.tsx";
import { SettingsSection } from "../../ui/setting-rows.tsx";
import { HIGHLIGHT_COLORS, type HighlightColor, SWATCH } from "../highlights/highlight-colors.ts";

/** spotlight: the keywords marked in titles and content, each with a colour from the highlight palette. */
export function SpotlightSetting() {
  const { t } = useTranslation("controls");
  const { t: tr } = useTranslation("reader");
  const keywords = normalizeSpotlight(useGeneralSettings().spotlight);
  const [pattern, setPattern] = useState("");
  const [color, setColor] = useState<HighlightColor>("yellow");
  const [isRegex, setIsRegex] = useState(false);
  const trimmed = pattern.trim();
  const compiled = isRegex && trimmed ? compileRegex(trimmed) : undefined;
  const problem = compiled && "problem" in compiled ? compiled.problem : undefined;
  const full = keywords.length >= MAX_SPOTLIGHT_KEYWORDS;
  const save = (next: SpotlightKeyword[]) =>
    setGeneralSetting("spotlight", normalizeSpotlight(next));
  const toggle = (index: number, option: "raise" | "notify", on: boolean) =>
    save(keywords.map((keyword, at) => (at === index ? { ...keyword, [option]: on } : keyword)));
  const add = () => {
    if (!trimmed || problem || full) return;
    save([...keywords, { pattern: trimmed, color, isRegex }]);
    setPattern("");
  };

  return (
    <SettingsSection title={t("spotlight.title")}>
      <div data-testid="spotlight-setting" className="space-y-3 px-4 py-3">
        <p className="text-xs text-muted">{t("spotlight.hint", { max: MAX_SPOTLIGHT_KEYWORDS })}</p>
        <ul aria-label={t("spotlight.title")} className="space-y-1">
          {keywords.map((keyword, index) => (
            <li
              key={`${keyword.isRegex}:${keyword.pattern}`}
              className="flex items-center gap-2"
              data-testid="spotlight-keyword"
            >
              <span aria-hidden="true" className={`size-3 rounded-full ${SWATCH[keyword.color]}`} />
              <span className="min-w-0 flex-1 truncate text-sm">
                {keyword.isRegex ? <code>/{keyword.pattern}/</code> : keyword.pattern}
              </span>
              <label className="flex items-center gap-1 text-xs" title={t("spotlight.raiseHint")}>
                <input
                  type="checkbox"
                  checked={keyword.raise === true}
                  onChange={(event) => toggle(index, "raise", event.target.checked)}
                  data-testid="spotlight-raise"
                />
                {t("spotlight.raise")}
              </label>
              <label className="flex items-center gap-1 text-xs" title={t("spotlight.notifyHint")}>
                <input
                  type="checkbox"
                  checked={keyword.notify === true}
                  onChange={(event) => toggle(index, "notify", event.target.checked)}
                  data-testid="spotlight-notify"
                />
                {t("spotlight.notify")}
              </label>
              <IconButton
                label={t("spotlight.remove", { pattern: keyword.pattern })}
                onClick={() => save(keywords.filter((_, at) => at !== index))}
                data-testid="spotlight-remove"
              >
                <span aria-hidden="true">×</span>
              </IconButton>
            </li>
          ))}
        </ul>
        <form
          className="flex flex-wrap items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            add();
          }}
        >
          <input
            value={pattern}
            maxLength={MAX_SPOTLIGHT_PATTERN_LENGTH}
            onChange={(event) => setPattern(event.target.value)}
            placeholder={t("spotlight.placeholder")}
            aria-label={t("spotlight.pattern")}
            className={`${FIELD_CLASS} min-w-40 flex-1`}
            data-testid="spotlight-pattern"
          />
          <fieldset className="flex gap-1">
            <legend className="sr-only">{t("spotlight.color")}</legend>
            {HIGHLIGHT_COLORS.map((choice) => (
              <button
                key={choice}
                type="button"
                aria-pressed={choice === color}
                aria-label={tr(`highlights.colors.${choice}`)}
                title={tr(`highlights.colors.${choice}`)}
                className={`size-6 rounded-full ${SWATCH[choice]} ring-offset-1 ${choice === color ? "ring-2 ring-zinc-500" : ""}`}
                onClick={() => setColor(choice)}
                data-testid={`spotlight-color-${choice}`}
              />
            ))}
          </fieldset>
          <label className="flex items-center gap-1 text-sm">
            <input
              type="checkbox"
              checked={isRegex}
              onChange={(event) => setIsRegex(event.target.checked)}
              data-testid="spotlight-regex"
            />
            {t("spotlight.regex")}
          </label>
          <Button
            type="submit"
            size="sm"
            disabled={!trimmed || Boolean(problem) || full}
            data-testid="spotlight-add"
          >
            {t("spotlight.add")}
          </Button>
        </form>
        {problem ? (
          <p role="alert" className="text-xs text-red-600" data-testid="spotlight-problem">
            {problem}
          </p>
        ) : null}
      </div>
    </SettingsSection>
  );
}
