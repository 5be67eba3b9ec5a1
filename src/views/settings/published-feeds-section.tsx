import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { endpointInfo } from "../../../contract/api/info.ts";
import { type AppServices, useAppServices } from "../../runtime/app-services.tsx";
import { useReloadableRead } from "../../services/server-read.ts";
import { Button } from "../../ui/button.tsx";
import { CopyButton } from "../../ui/copy-button.tsx";
import { SettingsSection } from "../../ui/setting-rows.tsx";
import { FormMessage } from "./account/form-message.tsx";
import { useAccountAction } from "./account/use-account-action.ts";

type Kind = "starred" | "category" | "list" | "saved_search";

interface Published {
  id: string;
  kind: Kind;
  target: string;
  includePrivate: boolean;
}

/** A timeline that can be published, as the picker offers it. */
interface Choice {
  key: string;
  kind: Kind;
  target: string;
  label: string;
}

const FIELD =
  "h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900";

async function readPublished(api: AppServices["api"]) {
  const [published, categories, lists, searches] = await Promise.all([
    api.call(endpointInfo.publishedFeeds.list, {}, { silent: true }),
    api.call(endpointInfo.categories.list, {}, { silent: true }),
    api.call(endpointInfo.lists.list, {}, { silent: true }),
    api.call(endpointInfo.savedSearches.list, {}, { silent: true }),
  ]);
  const choices: Choice[] = [
    { key: "starred:", kind: "starred", target: "", label: "" },
    ...categories.data.map((name) => ({
      key: `category:${name}`,
      kind: "category" as const,
      target: name,
      label: name,
    })),
    ...lists.data.map((list) => ({
      key: `list:${list.id}`,
      kind: "list" as const,
      target: list.id,
      label: list.title ?? list.id,
    })),
    ...searches.data.map((search) => ({
      key: `saved_search:${search.id}`,
      kind: "saved_search" as const,
      target: search.id,
      label: search.name,
    })),
  ];
  return { published: [...published.data] as Published[], choices };
}

/**
 * Settings › Data control › Published feeds: a category, a list, a saved search or the starred
 * entries as an RSS/Atom feed at a secret address, shown once when made or rotated (the server
 * keeps only a hash); rotating gives a new address and kills the old one, revoking kills it.
 */
export function PublishedFeedsSection() {
  const { t } = useTranslation();
  const { api } = useAppServices();
  const action = useAccountAction();
  const [read, reload] = useReloadableRead(api, "published-feeds", readPublished);
  const data = read.status === "ready" ? read.data : null;
  const [choice, setChoice] = useState("starred:");
  const [includePrivate, setIncludePrivate] = useState(false);
  const [made, setMade] = useState<{ rss: string; atom: string } | null>(null);
  const origin = window.location.origin;

  const labelOf = (feed: { kind: Kind; target: string }) => {
    const found = data?.choices.find((c) => c.kind === feed.kind && c.target === feed.target);
    const name = feed.kind === "starred" ? "" : (found?.label ?? feed.target);
    return t(`settings.publishedFeeds.kinds.${feed.kind}`, { name });
  };

  async function show(
    answer: { data: { rssPath: string; atomPath: string } } | undefined,
  ): Promise<void> {
    if (!answer) return;
    setMade({ rss: `${origin}${answer.data.rssPath}`, atom: `${origin}${answer.data.atomPath}` });
    await reload();
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    const picked = data?.choices.find((c) => c.key === choice);
    if (!picked) return;
    const request = {
      kind: picked.kind,
      ...(picked.kind === "starred" ? {} : { target: picked.target }),
      includePrivate,
    };
    await show(
      await action.run(() =>
        api.call(endpointInfo.publishedFeeds.create, request, { silent: true }),
      ),
    );
  }

  async function rotate(id: string) {
    await show(
      await action.run(() =>
        api.call(endpointInfo.publishedFeeds.rotate, { id }, { silent: true }),
      ),
    );
  }

  async function revoke(id: string) {
    const done = await action.run(() =>
      api.call(endpointInfo.publishedFeeds.revoke, { id }, { silent: true }),
    );
    if (done) await reload();
  }

  return (
    <SettingsSection title={t("settings.publishedFeeds.title")}>
      <div data-testid="published-feeds">
        <p className="px-4 pt-3 text-sm text-zinc-500 dark:text-zinc-400">
          {t("settings.publishedFeeds.hint")}
        </p>
        <form className="flex flex-wrap items-end gap-3 p-4" onSubmit={(e) => void create(e)}>
          <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm">
            {t("settings.publishedFeeds.what")}
            <select
              className={FIELD}
              value={choice}
              onChange={(event) => setChoice(event.target.value)}
              data-testid="published-feeds-choice"
            >
              {(data?.choices ?? []).map((c) => (
                <option key={c.key} value={c.key}>
                  {labelOf(c)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={includePrivate}
              onChange={(event) => setIncludePrivate(event.target.checked)}
              data-testid="published-feeds-private"
            />
            {t("settings.publishedFeeds.includePrivate")}
          </label>
          <Button
            type="submit"
            size="sm"
            loading={action.busy}
            disabled={!data}
            data-testid="published-feeds-create"
          >
            {t("settings.publishedFeeds.publish")}
          </Button>
        </form>
        {made ? (
          <div
            className="mx-4 mb-4 space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950/40"
            data-testid="published-feeds-urls"
          >
            <p className="text-sm font-medium">{t("settings.publishedFeeds.urlOnce")}</p>
            {[made.rss, made.atom].map((url) => (
              <div key={url} className="flex items-center gap-2">
                <code className="min-w-0 flex-1 break-all text-sm">{url}</code>
                <CopyButton text={url} testId="published-feeds-copy" />
              </div>
            ))}
          </div>
        ) : null}
        {action.error ? (
          <div className="p-4">
            <FormMessage error={action.error} testId="published-feeds" />
          </div>
        ) : null}
        <ul>
          {(data?.published ?? []).map((feed) => (
            <li
              key={feed.id}
              className="flex items-center justify-between gap-3 p-4"
              data-testid="published-feeds-row"
            >
              <p className="min-w-0 truncate text-sm">
                {labelOf(feed)}
                {feed.includePrivate ? ` · ${t("settings.publishedFeeds.withPrivate")}` : ""}
              </p>
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={action.busy}
                  onClick={() => void rotate(feed.id)}
                >
                  {t("settings.publishedFeeds.rotate")}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={action.busy}
                  onClick={() => void revoke(feed.id)}
                >
                  {t("settings.publishedFeeds.revoke")}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </SettingsSection>
  );
}
