import { endpoints } from "../../contract/api/index.ts";
import type { DesktopSaveResult } from "../../contract/desktop.ts";
import {
  type IntegrationService,
  SERVER_SERVICES,
  type ServerService,
} from "../../contract/integrations.ts";
import type { ApiFetch } from "../api/client.ts";
import { FetchError } from "../api/fetch-error.ts";
import { desktopBridge } from "../platform/desktop.ts";
import { type IntegrationValues, integrationSettingsStore } from "../settings/integration.ts";
import { writeOnline } from "./online-write.ts";

/** What a save needs of the open entry (the desktop services get it from here). */
export interface EntryForSaving {
  id: string;
  title: string | null;
  url: string | null;
  author: string | null;
  content: string | null;
  publishedAt: string;
  media: readonly { url: string; type: string }[];
  /** The person's highlights in reading order (Obsidian writes them; the server reads its own). */
  highlights?: readonly { exact: string; note: string }[];
}

export type SaveOutcome = { ok: true; link: string | null } | { ok: false; reason: string };

function isServerService(service: IntegrationService): service is ServerService {
  return (SERVER_SERVICES as readonly string[]).includes(service);
}

function reasonOf(error: unknown): string {
  if (error instanceof FetchError) return error.reason ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/** GET settings?tab=integration into the store. */
export async function loadIntegrationSettings(api: ApiFetch): Promise<IntegrationValues> {
  const answer = await api.call(endpoints.settings.get, { tab: "integration" }, { silent: true });
  const values = answer.settings.integration ?? {};
  integrationSettingsStore.set(values);
  return values;
}

/** PATCH the tab (secrets are taken out and sealed by the server), then reload the hints. */
export async function saveIntegrationSettings(
  api: ApiFetch,
  patch: Record<string, unknown>,
): Promise<IntegrationValues> {
  await writeOnline(api, endpoints.settings.patch, patch, {
    params: { tab: "integration" },
    silent: true,
  });
  return loadIntegrationSettings(api);
}

export async function testIntegration(
  api: ApiFetch,
  service: IntegrationService,
): Promise<SaveOutcome> {
  if (service === "eagle") {
    const up = (await desktopBridge()?.eagleAvailable()) ?? false;
    return up ? { ok: true, link: null } : { ok: false, reason: "Eagle is not running" };
  }
  if (!isServerService(service)) return { ok: true, link: null };
  try {
    await api.call(endpoints.integrations.test, { service }, { silent: true });
    return { ok: true, link: null };
  } catch (error) {
    return { ok: false, reason: reasonOf(error) };
  }
}

/**
 * The HTML a file save writes: what the pane holds, else the server's copy (an entry that came
 * in list form has no content until the pane's batched content call returns).
 */
async function contentForFile(api: ApiFetch, entry: EntryForSaving): Promise<string> {
  if (entry.content) return entry.content;
  try {
    const answer = await api.call(endpoints.entries.get, { id: entry.id }, { silent: true });
    return answer.data.entries.content ?? answer.data.entries.description ?? "";
  } catch {
    return "";
  }
}

/**
 * Saves the entry to one service: the web services through the server (which holds the
 * tokens), Obsidian and Eagle through the desktop bridge (files and a local app on this
 * computer). Answers the saved item's link, or the service's reason.
 */
export async function saveEntryTo(
  api: ApiFetch,
  service: IntegrationService,
  entry: EntryForSaving,
  selectedText?: string,
): Promise<SaveOutcome> {
  if (isServerService(service)) {
    try {
      const answer = await api.call(
        endpoints.integrations.save,
        { service, entryId: entry.id, ...(selectedText ? { selectedText } : {}) },
        { silent: true },
      );
      return { ok: true, link: answer.data.url };
    } catch (error) {
      return { ok: false, reason: reasonOf(error) };
    }
  }
  const bridge = desktopBridge();
  if (!bridge) return { ok: false, reason: "Only in the desktop app" };
  let result: DesktopSaveResult;
  try {
    if (service === "obsidian") {
      const vault = integrationSettingsStore.get()?.obsidianVaultPath;
      result = await bridge.saveToObsidian(typeof vault === "string" ? vault : "", {
        title: entry.title ?? entry.url ?? "Untitled",
        url: entry.url ?? "",
        author: entry.author ?? "",
        publishedAt: entry.publishedAt,
        html: await contentForFile(api, entry),
        ...(entry.highlights?.length
          ? { highlights: entry.highlights.map(({ exact, note }) => ({ exact, note })) }
          : {}),
      });
    } else {
      result = await bridge.saveToEagle({
        mediaUrls: entry.media.filter((m) => m.type === "photo").map((m) => m.url),
        entryUrl: entry.url ?? "",
      });
    }
  } catch (error) {
    return { ok: false, reason: reasonOf(error) };
  }
  return result.ok ? { ok: true, link: result.link ?? null } : result;
}
