import { useSyncExternalStore } from "react";
import type { Endpoints, ResponseOf } from "../../contract/api/index.ts";
import { endpointInfo } from "../../contract/api/info.ts";
import type {
  ImportItem,
  ImportProgress,
  OpmlOutlineModel,
  OpmlProblemModel,
} from "../../contract/api/opml.ts";
import type { ApiFetch } from "../api/client.ts";
import { errorLine } from "../api/error-text.ts";
import { isFetchError } from "../api/fetch-error.ts";
import { translate } from "../i18n/index.ts";
import type { SyncEngine } from "../sync/engine.ts";
import { trackProductEvent } from "./observability/product-events.ts";

/**
 * One OPML import at a time, outside any screen: the dialog shows it, and closing the dialog
 * leaves it running (the server subscribes in the background; this polls its progress and
 * pulls the new subscriptions when it ends). Reopening the dialog shows where it is.
 */
export type OpmlImportState =
  | { phase: "idle" }
  | { phase: "reading"; fileName: string }
  | {
      phase: "preview";
      fileName: string;
      title: string | null;
      outlines: readonly OpmlOutlineModel[];
      problems: readonly OpmlProblemModel[];
      remaining: number | null;
    }
  | { phase: "importing" | "finished"; progress: ImportProgress; items: readonly ImportItem[] }
  | { phase: "failed"; message: string; code: number | undefined };

interface Services {
  api: ApiFetch;
  engine: Pick<SyncEngine, "pull">;
}

const POLL_MS = 500;
/** Feeds per import request: well inside the server's 5,000 and its 1 MB body limit. */
const IMPORT_CHUNK = 1_000;

let state: OpmlImportState = { phase: "idle" };
let open = false;
const listeners = new Set<() => void>();

function set(next: OpmlImportState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOpmlImport(): { state: OpmlImportState; open: boolean } {
  const current = useSyncExternalStore(subscribe, () => state);
  const isOpen = useSyncExternalStore(subscribe, () => open);
  return { state: current, open: isOpen };
}

export function openOpmlImport() {
  open = true;
  set(state);
}

export function closeOpmlImport() {
  open = false;
  // A finished or refused import is done with once its dialog closes; a running one goes on.
  if (state.phase !== "importing") state = { phase: "idle" };
  set(state);
}

function failed(error: unknown): OpmlImportState {
  return {
    phase: "failed",
    message: errorLine(error, translate),
    code: isFetchError(error) ? error.code : undefined,
  };
}

/** Reads a chosen file (decoding its bytes as the XML declaration says) and previews it. */
export async function readOpmlFile(services: Services, file: File): Promise<void> {
  set({ phase: "reading", fileName: file.name });
  try {
    // The file itself goes up (any size the server takes, any encoding): no JSON string of it.
    const { data } = await services.api<ResponseOf<Endpoints["subscriptions"]["uploadOpml"]>>(
      endpointInfo.subscriptions.uploadOpml.path,
      {
        method: "POST",
        body: file,
        headers: { "content-type": "application/octet-stream" },
        silent: true,
        timeout: 120_000,
      },
    );
    set({
      phase: "preview",
      fileName: file.name,
      title: data.title,
      outlines: data.subscriptions,
      problems: data.problems,
      remaining: data.remaining,
    });
  } catch (error) {
    set(failed(error));
  }
}

/** Starts subscribing to `items` in `view` (for items without a view of their own). */
export async function startOpmlImport(
  services: Services,
  items: readonly ImportItem[],
  view: number,
): Promise<void> {
  try {
    // A big selection goes in chunks, all into one import (its progress covers them all).
    let progress: ImportProgress | undefined;
    for (let start = 0; start < items.length; start += IMPORT_CHUNK) {
      const chunk = items.slice(start, start + IMPORT_CHUNK);
      const { data } = await services.api.call(
        endpointInfo.subscriptions.importOpml,
        { items: [...chunk], view: view as 0, ...(progress ? { importId: progress.id } : {}) },
        { silent: true },
      );
      progress = data;
      set({ phase: "importing", progress: data, items });
    }
    if (progress) void poll(services, progress.id, items);
    trackProductEvent("opml_imported", { feeds: items.length });
  } catch (error) {
    set(failed(error));
  }
}

/** Imports again the feeds that failed last time. */
export function retryFailed(services: Services, view: number): Promise<void> {
  if (state.phase !== "finished") return Promise.resolve();
  const failedUrls = new Set(
    state.progress.items.filter((i) => i.status === "failed").map((i) => i.url),
  );
  return startOpmlImport(
    services,
    state.items.filter((item) => failedUrls.has(item.url)),
    view,
  );
}

async function poll(services: Services, id: string, items: readonly ImportItem[]) {
  let misses = 0;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    try {
      const { data } = await services.api.call(
        endpointInfo.subscriptions.importStatus,
        { id },
        { silent: true },
      );
      misses = 0;
      set({ phase: data.finished ? "finished" : "importing", progress: data, items });
      if (data.finished) {
        await services.engine.pull().catch(() => undefined);
        if (!open) set({ phase: "idle" });
        return;
      }
    } catch (error) {
      // Offline for a while: keep asking; the server keeps importing meanwhile.
      if (++misses > 120) {
        set(failed(error));
        return;
      }
    }
  }
}
