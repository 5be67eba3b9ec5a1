import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { PAGE_PATHS } from "../../../contract/routes.ts";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { isFeedResult, isListResult, isRouteResult, useDiscover } from "../../services/discover.ts";
import { useUISettings } from "../../settings/hooks.ts";
import { Button } from "../../ui/button.tsx";
import { SearchIcon } from "../../ui/icons.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { discoverLanguageName } from "./discover-language-label.ts";
import { DiscoverRouteCard } from "./discover-route-card.tsx";
import { FeedCard } from "./feed-card.tsx";
import { DiscoverListCard } from "./list-card.tsx";

/**
 * Discover's search: words find the feeds or the lists this server knows (and the feed routes
 * they name), an address is discovered.
 */
export function DiscoverSearch() {
  const { t } = useTranslation("search");
  const reader = useRuntime();
  const [typed, setTyped] = useState("");
  const [submitted, setSubmitted] = useState("");
  const [target, setTarget] = useState<"feeds" | "lists">("feeds");
  const { discoverLanguage } = useUISettings();
  const state = useDiscover(reader?.api, typed, submitted, discoverLanguage, target);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(typed.trim());
  }

  return (
    <div data-testid="discover-search">
      <form onSubmit={submit} className="flex items-center gap-2">
        <div className="flex h-10 flex-1 items-center gap-2 rounded-lg border border-zinc-300 px-3 focus-within:border-accent dark:border-zinc-700">
          <SearchIcon size={16} className="shrink-0 text-zinc-400" />
          <input
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-label={t("discover.label")}
            placeholder={t("discover.placeholder")}
            maxLength={500}
            data-testid="discover-input"
            className="h-full w-full bg-transparent text-sm outline-none placeholder:text-zinc-400"
          />
          {state.status === "loading" ? <Spinner size={16} /> : null}
        </div>
        <Button type="submit" data-testid="discover-submit">
          {t("discover.submit")}
        </Button>
      </form>
      <DiscoverTargetPicker target={target} onChange={setTarget} />
      <DiscoverLanguageNote />
      <div className="mt-4 space-y-3" aria-live="polite">
        {state.status === "failed" ? (
          <p className="text-sm text-red-600" role="alert" data-testid="discover-error">
            {state.message}
          </p>
        ) : null}
        {state.status === "ready" && state.data.length === 0 ? (
          <p className="text-sm text-zinc-500" data-testid="discover-empty">
            {t("discover.none")}
          </p>
        ) : null}
        {state.status === "ready"
          ? state.data.map((item) =>
              isFeedResult(item) ? (
                <FeedCard key={item.feed.id} item={item} testId="discover-result" />
              ) : isListResult(item) ? (
                <DiscoverListCard key={item.list.id} item={item} />
              ) : isRouteResult(item) ? (
                <DiscoverRouteCard key={`${item.namespace}${item.route.path}`} item={item} />
              ) : null,
            )
          : null}
      </div>
    </div>
  );
}

/** Whether words look for feeds or for lists. */
function DiscoverTargetPicker({
  target,
  onChange,
}: {
  target: "feeds" | "lists";
  onChange: (target: "feeds" | "lists") => void;
}) {
  const { t } = useTranslation("discover");
  return (
    <fieldset className="mt-2 flex gap-1 text-sm">
      <legend className="sr-only">{t("search.target")}</legend>
      {(["feeds", "lists"] as const).map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={target === value}
          onClick={() => onChange(value)}
          data-testid={`discover-target-${value}`}
          className={`rounded-md px-2 py-1 ${
            target === value
              ? "bg-zinc-200 font-medium dark:bg-zinc-800"
              : "text-zinc-500 hover:bg-zinc-100 dark:hover:bg-zinc-900"
          }`}
        >
          {t(`search.${value}`)}
        </button>
      ))}
    </fieldset>
  );
}

/** Which language the results are narrowed to, and where to change it. */
function DiscoverLanguageNote() {
  const { t, i18n } = useTranslation("onboarding");
  const { discoverLanguage } = useUISettings();
  if (discoverLanguage === "all") return null;
  return (
    <p className="mt-2 text-xs text-zinc-500" data-testid="discover-language-note">
      {t("discoverLanguage.note", {
        language: discoverLanguageName(discoverLanguage, i18n.language),
      })}{" "}
      <Link to={PAGE_PATHS.appearanceSettings} className="text-accent underline">
        {t("discoverLanguage.change")}
      </Link>
    </p>
  );
}
