import { endpoints } from "../../contract/api/index.ts";
import type { Auth } from "../auth.ts";
import type { ServiceBases } from "../config.ts";
import type { SecretBox } from "../crypto/secret-box.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { route } from "../http/route.ts";
import type { Fetcher } from "../ingest/guarded-fetch.ts";
import {
  asSaveError,
  entryToSave,
  integrationSettings,
  requireConfigured,
  SERVICE_CLIENTS,
  serviceHttp,
} from "../services/integrations/index.ts";
import { findVisibleEntry } from "../storage/entry-queries.ts";
import { listEntryTags } from "../storage/entry-tags.ts";
import { listHighlights } from "../storage/highlights.ts";
import { userRouter } from "./context.ts";

/**
 * Save-to services called by the server, so tokens never leave it and CORS is no
 * issue. Calls go through the guarded fetcher: a self-hosted Readeck or Outline on a private
 * address needs the operator's FETCH_ALLOW_PRIVATE_NETWORKS, like feeds. 7000 when the service
 * is off or not set up, 3000 for an entry the user cannot see, 3 with the service's reason.
 */
export function integrationRoutes(
  auth: Auth,
  database: DatabaseHandle,
  fetcher: Fetcher,
  box: SecretBox,
  bases: ServiceBases,
) {
  const app = userRouter(auth, database);
  const http = serviceHttp(fetcher);

  route(app, endpoints.integrations.save, async ({ request }, c) => {
    const userId = c.get("userId");
    const settings = await integrationSettings(database, box, userId);
    requireConfigured(request.service, settings);
    const found = await findVisibleEntry(database, userId, request.entryId);
    if (!found) throw new ApiError(3000);
    const [highlights, personalTags] = await Promise.all([
      listHighlights(database, userId, [request.entryId]),
      listEntryTags(database, userId, [request.entryId]),
    ]);
    const entry = {
      ...entryToSave(found.entry),
      highlights: highlights.sort((a, b) => a.start - b.start),
      personalTags: personalTags.get(request.entryId) ?? [],
    };
    if (!entry.url) throw new ApiError(1002, "the entry has no link to save");
    try {
      const url = await SERVICE_CLIENTS[request.service].save(
        { entry, settings, selectedText: request.selectedText },
        http,
        bases,
      );
      return { code: 0 as const, data: { url } };
    } catch (error) {
      throw asSaveError(request.service, error);
    }
  });

  route(app, endpoints.integrations.test, async ({ request }, c) => {
    const settings = await integrationSettings(database, box, c.get("userId"));
    requireConfigured(request.service, settings);
    try {
      await SERVICE_CLIENTS[request.service].test(settings, http, bases);
    } catch (error) {
      throw asSaveError(request.service, error);
    }
    return { code: 0 as const, data: { ok: true as const } };
  });

  return app;
}
