import {
  isServiceConfigured,
  SECRET_FIELDS,
  SERVICE_FIELDS,
  type ServerService,
} from "../../../contract/integrations.ts";
import { CodedError } from "../../coded-error.ts";
import type { ServiceBases } from "../../config.ts";
import type { SecretBox } from "../../crypto/secret-box.ts";
import type { DatabaseHandle } from "../../db/connect.ts";
import type { EntryRow } from "../../db/schema.ts";
import type { Fetcher } from "../../ingest/guarded-fetch.ts";
import { readIntegrationSecrets } from "../../storage/integration-secrets.ts";
import { readSettings } from "../../storage/settings.ts";
import { cubox } from "./cubox.ts";
import { instapaper } from "./instapaper.ts";
import { outline } from "./outline.ts";
import { readeck } from "./readeck.ts";
import { readwise } from "./readwise.ts";
import {
  type EntryToSave,
  type ServiceClients,
  ServiceFailure,
  type ServiceHttp,
} from "./service.ts";
import { zotero } from "./zotero.ts";

export const SERVICE_CLIENTS: ServiceClients = {
  readwise,
  instapaper,
  outline,
  readeck,
  cubox,
  zotero,
};

/** The user's integration tab with their secrets opened into it. */
export async function integrationSettings(
  database: DatabaseHandle,
  box: SecretBox,
  userId: string,
): Promise<Record<string, unknown>> {
  const [tab] = await readSettings(database, userId, "integration");
  const values = tab?.values ?? {};
  // The tab holds only hints of secrets: a secret that does not open (sealed for another
  // endpoint than the tab names now, or under another auth secret) is missing, not its hint.
  const plain = Object.fromEntries(
    Object.entries(values).filter(([name]) => !SECRET_FIELDS.has(name)),
  );
  return { ...plain, ...(await readIntegrationSecrets(database, box, userId, values)) };
}

/** The services' HTTP over the guarded fetcher (SSRF guard, timeouts, size cap, allow-list). */
export function serviceHttp(fetcher: Fetcher): ServiceHttp {
  return {
    async request(method, url, headers, body) {
      const answer = await fetcher.fetch(url, {
        method,
        headers,
        body,
        accept: "application/json, */*;q=0.5",
      });
      return { status: answer.status, headers: answer.headers, text: answer.body.toString("utf8") };
    },
  };
}

function firstImage(media: string): string | null {
  try {
    const list = JSON.parse(media) as Array<{ url?: unknown; type?: unknown }>;
    const image = list.find((m) => m.type === "photo" && typeof m.url === "string");
    return typeof image?.url === "string" ? image.url : null;
  } catch {
    return null;
  }
}

function tags(categories: string): string[] {
  try {
    const list = JSON.parse(categories) as unknown;
    return Array.isArray(list)
      ? list.filter((t): t is string => typeof t === "string").slice(0, 50)
      : [];
  } catch {
    return [];
  }
}

export function entryToSave(entry: EntryRow): EntryToSave {
  return {
    title: entry.title?.trim() || entry.url || "Untitled",
    url: entry.url ?? "",
    author: entry.author ?? "",
    html: entry.content ?? entry.description ?? "",
    summary: entry.description ?? "",
    publishedAt: entry.published_at,
    imageUrl: firstImage(entry.media),
    language: entry.language,
    tags: tags(entry.categories),
  };
}

/** What a failure of the service (or of reaching it) becomes: code 3 with the reason. */
export function asSaveError(service: ServerService, error: unknown): CodedError {
  if (error instanceof ServiceFailure) return new CodedError(3, error.message);
  if (error instanceof CodedError) {
    return new CodedError(3, `${SERVICE_FIELDS[service].name}: ${error.reason ?? error.message}`);
  }
  throw error;
}

export function requireConfigured(service: ServerService, settings: Record<string, unknown>) {
  if (!isServiceConfigured(service, settings)) {
    throw new CodedError(7000, `${SERVICE_FIELDS[service].name} is not enabled or not set up`);
  }
}

export type { ServiceBases };
