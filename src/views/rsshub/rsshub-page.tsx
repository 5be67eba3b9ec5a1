import { useSearch } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRuntime } from "../../runtime/runtime-context.tsx";
import { useRouteCatalogue } from "../../services/discover-reads.ts";
import { useFeedRouteInstances } from "../../services/feed-route-instances.ts";
import { relativeTime } from "../../ui/format.ts";
import { RssIcon } from "../../ui/icons.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { EmptyState, PageHeader } from "../page.tsx";
import { InstancesPanel } from "./instances-panel.tsx";
import { RouteBuilder } from "./route-builder.tsx";
import { type PickedRoute, RouteList } from "./route-list.tsx";

/**
 * /rsshub: the feed-route panel. The person's instances (the server's or their own, with each
 * one's status; one is their default), the chosen instance's route catalogue (namespaces and
 * routes), a builder that fills a route's parameters into an rsshub:// address, previews the
 * feed and follows it. Without an instance, it says how the operator enables one.
 * `?route=namespace/path` opens a route directly (the category pages link here).
 */
export function RsshubPage() {
  const { t, i18n } = useTranslation("discover");
  const reader = useRuntime();
  const instances = useFeedRouteInstances(reader?.api);
  const state = useRouteCatalogue(reader?.api, instances.revision);
  const search = useSearch({ strict: false }) as { route?: unknown };
  const [picked, setPicked] = useState<PickedRoute | null>(null);
  const asked = typeof search.route === "string" ? search.route : "";
  const fromLink =
    !picked && state.status === "ready" && asked ? findRoute(state.data.namespaces, asked) : null;
  const current = picked ?? fromLink;
  return (
    <section data-testid="rsshub-page" data-state={state.status}>
      <PageHeader
        title={t("rsshub.title")}
        description={
          state.status === "ready" && state.data.instance
            ? `${t("rsshub.description")} ${t("rsshub.instance", { url: state.data.instance })}`
            : t("rsshub.description")
        }
      />
      <div className="p-6">
        <InstancesPanel instances={instances} />
        {state.status === "loading" ? <Spinner size={24} /> : null}
        {state.status === "failed" ? (
          <EmptyState
            title={t("rsshub.failed")}
            body={state.message}
            icon={<RssIcon size={22} />}
          />
        ) : null}
        {state.status === "ready" && !state.data.instance ? (
          <div data-testid="rsshub-off">
            <EmptyState
              title={t("rsshub.offTitle")}
              body={t("rsshub.offBody")}
              icon={<RssIcon size={22} />}
            />
          </div>
        ) : null}
        {state.status === "ready" && state.data.status ? (
          <p className="mb-4 text-xs text-zinc-500" data-testid="rsshub-status">
            {t("rsshub.status", {
              time: relativeTime(state.data.status.checkedAt, i18n.language),
              ms: state.data.status.latencyMs,
            })}
          </p>
        ) : null}
        {state.status === "ready" && state.data.instance ? (
          <div className="grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <RouteList namespaces={state.data.namespaces} picked={current} onPick={setPicked} />
            {current ? (
              <RouteBuilder key={`${current.namespace}${current.route.path}`} picked={current} />
            ) : (
              <p className="text-sm text-zinc-500">{t("rsshub.pick")}</p>
            )}
          </div>
        ) : null}
      </div>
    </section>
  );
}

function findRoute(
  namespaces: Parameters<typeof RouteList>[0]["namespaces"],
  asked: string,
): PickedRoute | null {
  const slash = asked.indexOf("/");
  if (slash < 1) return null;
  const namespace = asked.slice(0, slash);
  const route = namespaces[namespace]?.routes[asked.slice(slash)];
  return route ? { namespace, route } : null;
}
