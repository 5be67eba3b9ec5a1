import type { FeedRouteInstance } from "../../contract/api/feed-route-instances.ts";
import { endpoints } from "../../contract/api/index.ts";
import type { Auth } from "../auth.ts";
import { CodedError } from "../coded-error.ts";
import type { SecretBox } from "../crypto/secret-box.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { FeedRouteInstanceRow } from "../db/schema.ts";
import type { Catalogues } from "../discover/catalogues.ts";
import { checkInstance } from "../discover/instance-status.ts";
import { ApiError } from "../http/api-error.ts";
import { route } from "../http/route.ts";
import type { Fetcher } from "../ingest/guarded-fetch.ts";
import {
  addInstance,
  chooseInstance,
  listInstances,
  ownedInstance,
  recordStatus,
  removeInstance,
  updateInstance,
  usable,
} from "../storage/feed-route-instances.ts";
import { ok, userRouter } from "./context.ts";

/**
 * A person's own feed-route (RSSHub) instances: add (with an optional access key, sealed at
 * rest), edit, check, remove, and pick one as their default. Every read and write is scoped to the
 * asking person; another person's instance answers 13003, like one that does not exist.
 * Instances are reached only through the guarded fetcher.
 */
export function feedRouteInstanceRoutes(
  auth: Auth,
  database: DatabaseHandle,
  services: {
    fetcher: Fetcher;
    box: SecretBox;
    catalogues: Catalogues;
    serverInstance: string | undefined;
  },
) {
  const app = userRouter(auth, database);
  const calls = endpoints.feedRouteInstances;
  const { fetcher, box, catalogues } = services;

  /**
   * The front page says whether it answers and its build; the route listing, read with the key,
   * says whether the key is taken (and is then kept for the panel, like any catalogue read).
   */
  async function checked(row: FeedRouteInstanceRow): Promise<FeedRouteInstance> {
    const status = await checkInstance(fetcher, row.base_url);
    if (status.reachable) {
      const listing = await catalogues
        .forInstance(usable(box, row))
        .load()
        .then(
          () => null,
          (error: unknown) =>
            error instanceof CodedError ? (error.reason ?? error.message) : String(error),
        );
      if (listing) status.error = listing.slice(0, 300);
    }
    await recordStatus(database, row.id, status);
    return { ...toModel(row), status };
  }

  route(app, calls.list, async (_input, c) => {
    const rows = await listInstances(database, c.get("userId"));
    return {
      code: 0 as const,
      data: {
        instances: rows.map(toModel),
        serverInstance: services.serverInstance ?? null,
        defaultId: rows.find((r) => r.is_default === 1)?.id ?? null,
      },
    };
  });

  route(app, calls.add, async ({ request }, c) => {
    const baseUrl = instanceAddress(request.baseUrl);
    const row = await addInstance(database, box, c.get("userId"), {
      baseUrl,
      accessKey: request.accessKey ?? null,
    });
    return { code: 0 as const, data: await checked(row) };
  });

  route(app, calls.update, async ({ request }, c) => {
    const { id, accessKey } = request;
    const baseUrl = request.baseUrl === undefined ? undefined : instanceAddress(request.baseUrl);
    const row = await updateInstance(database, box, c.get("userId"), id, { baseUrl, accessKey });
    // Its routes are read afresh at the new address or with the new key.
    catalogues.forget(row.id);
    return { code: 0 as const, data: await checked(row) };
  });

  route(app, calls.check, async ({ request }, c) => {
    const row = await ownedInstance(database, c.get("userId"), request.id);
    // A new check reads the route listing afresh too.
    catalogues.forget(row.id);
    return { code: 0 as const, data: await checked(row) };
  });

  route(app, calls.remove, async ({ request }, c) => {
    await removeInstance(database, c.get("userId"), request.id);
    catalogues.forget(request.id);
    return ok;
  });

  route(app, calls.choose, async ({ request }, c) => {
    await chooseInstance(database, c.get("userId"), request.id);
    return ok;
  });

  return app;
}

/** http(s), no credentials, query or fragment; without its trailing slashes. */
export function instanceAddress(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new ApiError(1002, "The instance address is not a URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new ApiError(1002, "The instance address must start with http:// or https://");
  if (url.username || url.password)
    throw new ApiError(1002, "Put the access key in its own field, not in the address");
  if (url.search || url.hash)
    throw new ApiError(1002, "The instance address takes no query or fragment");
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`;
}

function toModel(row: FeedRouteInstanceRow): FeedRouteInstance {
  return {
    id: row.id,
    baseUrl: row.base_url,
    hasAccessKey: row.access_key !== null,
    isDefault: row.is_default === 1,
    status:
      row.checked_at === null
        ? null
        : {
            checkedAt: row.checked_at,
            reachable: row.reachable === 1,
            version: row.version,
            latencyMs: row.latency_ms ?? 0,
            error: row.last_error,
          },
    createdAt: row.created_at,
  };
}
