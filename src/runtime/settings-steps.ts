import type { ApiFetch } from "../api/client.ts";
import {
  forgetSettingsOfPreviousUser,
  type ServerSettingsSync,
  startServerSettingsSync,
} from "../settings/server-sync.ts";
import { hydrateSettings } from "../settings/stores.ts";
import type { Connectivity } from "../sync/connectivity.ts";
import { abortableCall } from "./abortable-call.ts";

/** The two settings steps of start-up (hydrate, then sync) and the sync's end. */
export interface SettingsSteps {
  hydrate(ownerChanged: boolean): void;
  sync(): void;
  dispose(): void;
}

/** The browser's settings steps: Web Storage stores, synced with the server's settings. */
export function browserSettingsSteps(deps: {
  api: ApiFetch;
  connectivity: Connectivity;
}): SettingsSteps {
  let sync: ServerSettingsSync | undefined;
  let disposed = false;
  // Disposing also aborts a request in flight (a sign-out must not be answered 401 later).
  const requests = new AbortController();
  return {
    hydrate(ownerChanged) {
      // A previous user's unsent changes must not go out as this user's.
      if (ownerChanged) forgetSettingsOfPreviousUser();
      hydrateSettings();
    },
    sync() {
      if (disposed) return;
      sync = startServerSettingsSync({
        api: abortableCall(deps.api.call, requests.signal),
        isOnline: () => deps.connectivity.status === "online",
      });
      // In the background: the first paint never waits for the network.
      void sync.pullAndFlush();
    },
    dispose() {
      disposed = true;
      requests.abort();
      sync?.dispose();
    },
  };
}
