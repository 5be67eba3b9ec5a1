import { useEffect, useState } from "react";
import type { Endpoints, ResponseOf } from "../../contract/api/index.ts";
import { endpointInfo } from "../../contract/api/info.ts";
import type { ApiFetch } from "../api/client.ts";
import { errorLine } from "../api/error-text.ts";
import { isFetchError } from "../api/fetch-error.ts";
import { translate } from "../i18n/index.ts";

export type ReadState<T> =
  | { status: "loading" }
  | { status: "ready"; data: T }
  | { status: "failed"; code: number | undefined; message: string };

export type TrendingData = ResponseOf<Endpoints["discover"]["trending"]>["data"];
export type CategoryData = ResponseOf<Endpoints["discover"]["category"]>["data"];
type RouteCatalogueAnswer = ResponseOf<Endpoints["discover"]["rsshub"]>;
export type RouteCatalogueData = {
  instance: string | null;
  status: RouteCatalogueAnswer["status"];
  namespaces: RouteCatalogueAnswer["data"];
};

/** One read of the server for a page: loading, then its answer or why it failed. */
function useServerRead<T>(
  api: ApiFetch | undefined,
  key: string,
  read: (api: ApiFetch, signal: AbortSignal) => Promise<T>,
): ReadState<T> {
  const [state, setState] = useState<ReadState<T>>({ status: "loading" });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `read` asks for.
  useEffect(() => {
    if (!api) return;
    const controller = new AbortController();
    setState({ status: "loading" });
    read(api, controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: "ready", data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const code = isFetchError(error) ? error.code : undefined;
        setState({ status: "failed", code, message: errorLine(error, translate) });
      },
    );
    return () => controller.abort();
  }, [api, key]);
  return state;
}

/** What is trending on this server (ranked on its schedule). */
export function useTrending(api: ApiFetch | undefined) {
  return useServerRead(api, "trending", (client, signal) =>
    client
      .call(endpointInfo.discover.trending, {}, { signal, silent: true })
      .then((answer) => answer.data),
  );
}

/** A discover category's feeds, lists and feed routes. */
export function useCategoryPage(api: ApiFetch | undefined, category: string) {
  return useServerRead(api, `category:${category}`, (client, signal) =>
    client
      .call(endpointInfo.discover.category, { category }, { signal, silent: true })
      .then((answer) => answer.data),
  );
}

/**
 * The catalogue of the person's chosen feed-route instance (null instance: none is configured);
 * a new `revision` (another instance chosen) reads it again.
 */
export function useRouteCatalogue(api: ApiFetch | undefined, revision = 0) {
  return useServerRead<RouteCatalogueData>(api, `rsshub:${revision}`, (client, signal) =>
    client
      .call(endpointInfo.discover.rsshub, {}, { signal, silent: true, timeout: 60_000 })
      .then((answer) => ({
        instance: answer.instance,
        status: answer.status,
        namespaces: answer.data,
      })),
  );
}
