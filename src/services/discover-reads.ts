import type { Endpoints, ResponseOf } from "../../contract/api/index.ts";
import { endpointInfo } from "../../contract/api/info.ts";
import type { ApiFetch } from "../api/client.ts";
import { useServerRead } from "./server-read.ts";

export type TrendingData = ResponseOf<Endpoints["discover"]["trending"]>["data"];
export type CategoryData = ResponseOf<Endpoints["discover"]["category"]>["data"];
type RouteCatalogueAnswer = ResponseOf<Endpoints["discover"]["rsshub"]>;
export type RouteCatalogueData = {
  instance: string | null;
  status: RouteCatalogueAnswer["status"];
  namespaces: RouteCatalogueAnswer["data"];
};

/** What is trending on this server (ranked on its schedule). */
export function useTrending(api: ApiFetch | undefined) {
  return useServerRead(api, endpointInfo.discover.trending, {}, { select: (a) => a.data });
}

/** A discover category's feeds, lists and feed routes. */
export function useCategoryPage(api: ApiFetch | undefined, category: string) {
  return useServerRead(
    api,
    endpointInfo.discover.category,
    { category },
    { select: (answer) => answer.data },
  );
}

/**
 * The catalogue of the person's chosen feed-route instance (null instance: none is configured);
 * a new `revision` (another instance chosen) reads it again.
 */
export function useRouteCatalogue(api: ApiFetch | undefined, revision = 0) {
  return useServerRead(
    api,
    endpointInfo.discover.rsshub,
    {},
    {
      timeout: 60_000,
      revision,
      select: (answer): RouteCatalogueData => ({
        instance: answer.instance,
        status: answer.status,
        namespaces: answer.data,
      }),
    },
  );
}
