import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { isFeedResult, useDiscover } from "../../services/discover.ts";
import { Button } from "../../ui/button.tsx";
import { FIELD_CLASS, LABEL_CLASS } from "../../ui/fields.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { openQuickAdd } from "../subscriptions/quick-add-store.ts";
import type { PickedRoute } from "./route-list.tsx";
import { buildRoute, routeParams } from "./route-path.ts";

/** Fills a route's parameters into its feed address, previews that feed, and follows it. */
export function RouteBuilder({ picked }: { picked: PickedRoute }) {
  const { t } = useTranslation("discover");
  const reader = useRuntime();
  const { namespace, route } = picked;
  const [values, setValues] = useState<Record<string, string>>({});
  const [previewed, setPreviewed] = useState("");
  const built = buildRoute(namespace, route.path, values);
  const address = built.url ?? "";
  const preview = useDiscover(reader?.api, address, previewed === address ? previewed : "");
  return (
    <div className="min-w-0 space-y-4" data-testid="rsshub-builder">
      <div>
        <h2 className="text-lg font-semibold">{route.name}</h2>
        {route.example ? (
          <p className="font-mono text-xs text-zinc-500">
            {t("rsshub.example", { example: route.example })}
          </p>
        ) : null}
        {route.maintainers.length > 0 ? (
          <p className="text-xs text-zinc-500">
            {t("rsshub.maintainers", { names: route.maintainers.join(", ") })}
          </p>
        ) : null}
        {route.description ? (
          <p className="mt-2 line-clamp-4 whitespace-pre-line text-sm text-zinc-600 dark:text-zinc-400">
            {route.description}
          </p>
        ) : null}
      </div>
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (built.url) setPreviewed(built.url);
        }}
      >
        {routeParams(route.path).map((param) => {
          const described = route.parameters[param.name];
          const id = `rsshub-param-${param.name}`;
          const label = `${param.name} (${param.optional ? t("rsshub.optional") : t("rsshub.required")})`;
          const set = (value: string) => setValues((old) => ({ ...old, [param.name]: value }));
          return (
            <div key={param.name}>
              <label htmlFor={id} className={LABEL_CLASS}>
                {label}
              </label>
              {described?.options ? (
                <select
                  id={id}
                  value={values[param.name] ?? ""}
                  onChange={(event) => set(event.target.value)}
                  className={FIELD_CLASS}
                  data-testid={id}
                >
                  <option value="">{t("rsshub.choose")}</option>
                  {described.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={id}
                  value={values[param.name] ?? ""}
                  onChange={(event) => set(event.target.value)}
                  placeholder={described?.default ?? ""}
                  className={FIELD_CLASS}
                  maxLength={500}
                  data-testid={id}
                />
              )}
              {described?.description ? (
                <p className="mt-1 text-xs text-zinc-500">{described.description}</p>
              ) : null}
            </div>
          );
        })}
        <div>
          <span className={LABEL_CLASS}>{t("rsshub.address")}</span>
          <code className="block break-all text-sm" data-testid="rsshub-address">
            {built.url ?? t("rsshub.missing", { names: built.missing.join(", ") })}
          </code>
        </div>
        <div className="flex gap-2">
          <Button
            type="submit"
            variant="outline"
            disabled={!built.url}
            data-testid="rsshub-preview"
          >
            {t("rsshub.preview")}
          </Button>
          <Button
            type="button"
            disabled={!built.url}
            onClick={() =>
              built.url &&
              openQuickAdd({
                url: built.url,
                ...(route.view !== undefined ? { view: route.view } : {}),
              })
            }
            data-testid="rsshub-follow"
          >
            {t("rsshub.follow")}
          </Button>
        </div>
      </form>
      <div aria-live="polite" data-testid="rsshub-preview-result" data-state={preview.status}>
        {preview.status === "loading" ? <Spinner size={16} /> : null}
        {preview.status === "failed" ? (
          <p className="text-sm text-red-600" role="alert">
            {preview.message}
          </p>
        ) : null}
        {preview.status === "ready"
          ? preview.data.filter(isFeedResult).map(({ feed, entries }) => (
              <div
                key={feed.id}
                className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
              >
                <h3 className="font-semibold" data-testid="rsshub-preview-title">
                  {feed.title ?? feed.url}
                </h3>
                <ul className="mt-2 space-y-1 text-sm">
                  {entries.length === 0 ? (
                    <li className="text-zinc-500">{t("rsshub.noEntries")}</li>
                  ) : (
                    entries.map((entry) => (
                      <li key={entry.id} className="truncate" data-testid="rsshub-preview-entry">
                        {entry.title ?? entry.url}
                      </li>
                    ))
                  )}
                </ul>
              </div>
            ))
          : null}
      </div>
    </div>
  );
}
