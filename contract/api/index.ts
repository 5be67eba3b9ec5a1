import * as achievements from "./achievements.ts";
import * as actions from "./actions.ts";
import * as ai from "./ai.ts";
import * as auth from "./auth.ts";
import * as categories from "./categories.ts";
import * as claims from "./claims.ts";
import * as collections from "./collections.ts";
import * as discover from "./discover.ts";
import type { Endpoint } from "./endpoint.ts";
import * as entries from "./entries.ts";
import * as feedRouteInstances from "./feed-route-instances.ts";
import * as feeds from "./feeds.ts";
import * as health from "./health.ts";
import * as highlights from "./highlights.ts";
import * as inboxes from "./inboxes.ts";
import * as integrations from "./integrations.ts";
import * as invitations from "./invitations.ts";
import * as lists from "./lists.ts";
import * as openapi from "./openapi.ts";
import * as profiles from "./profiles.ts";
import * as publishedFeeds from "./published-feeds.ts";
import * as push from "./push.ts";
import * as readingPositions from "./reading-positions.ts";
import * as reads from "./reads.ts";
import * as savedSearches from "./saved-searches.ts";
import * as search from "./search.ts";
import * as settings from "./settings.ts";
import * as subscriptions from "./subscriptions.ts";
import * as sync from "./sync.ts";
import * as tags from "./tags.ts";
import * as tokens from "./tokens.ts";
import * as uploads from "./uploads.ts";
import * as wallets from "./wallet.ts";
import * as websub from "./websub.ts";

export * from "./endpoint.ts";
export { type EndpointInfo, endpointInfo, isEndpointInfo, type Route, routes } from "./info.ts";

/**
 * The API: every call the client makes and the server answers, by domain. Add an endpoint's
 * route to info.ts, then its Schemas to its domain's file; the server registers its handler
 * against it, the client calls it with call().
 */
export const endpoints = {
  achievements,
  actions,
  ai,
  auth,
  categories,
  claims,
  collections,
  discover,
  entries,
  feedRouteInstances,
  feeds,
  health,
  highlights,
  readingPositions,
  invitations,
  inboxes,
  lists,
  integrations,
  openapi,
  profiles,
  publishedFeeds,
  push,
  reads,
  savedSearches,
  search,
  settings,
  subscriptions,
  sync,
  tags,
  tokens,
  uploads,
  wallets,
  websub,
} as const;
export type Endpoints = typeof endpoints;

/** Every endpoint with its name (`domain.call`), e.g. for drift checks. */
export function listEndpoints(): { name: string; endpoint: Endpoint }[] {
  return Object.entries(endpoints).flatMap(([domain, calls]) =>
    Object.entries(calls as Record<string, unknown>)
      .filter((entry): entry is [string, Endpoint] => isEndpoint(entry[1]))
      .map(([call, endpoint]) => ({ name: `${domain}.${call}`, endpoint })),
  );
}

function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === "object" && value !== null && "method" in value && "path" in value;
}
