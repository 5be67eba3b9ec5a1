import { createHash } from "node:crypto";
import type { Fetcher } from "../ingest/guarded-fetch.ts";
import type { UsableInstance } from "../storage/feed-route-instances.ts";
import { createRouteCatalogue, type RouteCatalogue } from "./route-catalogue.ts";

/** Catalogues of people's own instances kept at once; the oldest is dropped past this. */
const MAX_KEPT = 200;

export interface Catalogues {
  /** The catalogue of the server's instance (FEED_ROUTE_BASE_URL). */
  readonly server: RouteCatalogue;
  /** The catalogue of the person's chosen instance, or the server's when they chose none. */
  forUser(userId: string): Promise<RouteCatalogue>;
  /** The catalogue of one of people's own instances. */
  forInstance(instance: UsableInstance): RouteCatalogue;
  /** Forgets an instance's cached listing (removed, or its address or key changed). */
  forget(instanceId: string): void;
}

/**
 * Route catalogues per instance, each read at most once an hour. An instance is
 * keyed by its id, address and key, so a changed key is a new catalogue.
 */
export function createCatalogues(
  serverBaseUrl: string | undefined,
  fetcher: Fetcher,
  chosen: (userId: string) => Promise<UsableInstance | null>,
): Catalogues {
  const server = createRouteCatalogue(serverBaseUrl, fetcher);
  const kept = new Map<string, RouteCatalogue>();
  function forInstance(instance: UsableInstance): RouteCatalogue {
    const keyHash = createHash("sha256")
      .update(instance.accessKey ?? "")
      .digest("base64url");
    const cacheKey = `${instance.id}\u0000${instance.baseUrl}\u0000${keyHash}`;
    let catalogue = kept.get(cacheKey);
    if (!catalogue) {
      catalogue = createRouteCatalogue(instance.baseUrl, fetcher, Date.now, instance.accessKey);
      kept.set(cacheKey, catalogue);
      if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
    }
    return catalogue;
  }

  return {
    server,
    forInstance,
    async forUser(userId) {
      const instance = await chosen(userId);
      return instance ? forInstance(instance) : server;
    },
    forget(instanceId) {
      for (const key of kept.keys()) if (key.startsWith(`${instanceId}\u0000`)) kept.delete(key);
    },
  };
}
