import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FeedRoute, FeedRouteNamespace } from "../../../contract/api/discover.ts";
import { FIELD_CLASS } from "../../ui/fields.tsx";

export interface PickedRoute {
  namespace: string;
  route: FeedRoute;
}

/** Routes shown at once: the catalogue of a real instance holds thousands. */
const SHOWN = 200;

/** The catalogue as a filterable list: namespace, then its routes; picking one opens the builder. */
export function RouteList(props: {
  namespaces: Readonly<Record<string, FeedRouteNamespace>>;
  picked: PickedRoute | null;
  onPick: (picked: PickedRoute) => void;
}) {
  const { t } = useTranslation("discover");
  const [filter, setFilter] = useState("");
  const rows = useMemo(() => {
    const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const all = Object.entries(props.namespaces).flatMap(([id, namespace]) =>
      Object.values(namespace.routes).map((route) => ({ id, namespace, route })),
    );
    return all.filter(({ id, namespace, route }) => {
      const text = `${id} ${namespace.name} ${route.name} ${route.path}`.toLowerCase();
      return words.every((word) => text.includes(word));
    });
  }, [props.namespaces, filter]);
  return (
    <div className="min-w-0">
      <input
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        aria-label={t("rsshub.filter")}
        placeholder={t("rsshub.filterPlaceholder")}
        className={FIELD_CLASS}
        data-testid="rsshub-filter"
      />
      <p className="mt-2 text-xs text-zinc-500">
        {t("rsshub.namespaceCount", { count: Object.keys(props.namespaces).length })}
      </p>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-zinc-500">{t("rsshub.noRoutes")}</p>
      ) : (
        <ul className="mt-2 max-h-[60vh] space-y-1 overflow-y-auto" data-testid="rsshub-routes">
          {rows.slice(0, SHOWN).map(({ id, namespace, route }) => {
            const active = props.picked?.namespace === id && props.picked.route.path === route.path;
            return (
              <li key={`${id}${route.path}`}>
                <button
                  type="button"
                  aria-pressed={active}
                  onClick={() => props.onPick({ namespace: id, route })}
                  className={`w-full rounded-lg px-3 py-2 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800 ${active ? "bg-zinc-100 dark:bg-zinc-800" : ""}`}
                  data-testid="rsshub-route"
                  data-route={`${id}${route.path}`}
                >
                  <span className="block truncate font-medium">
                    {namespace.name} · {route.name}
                  </span>
                  <span className="block truncate font-mono text-xs text-zinc-500">
                    /{id}
                    {route.path}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
