import type { ApiFetch } from "../api/client.ts";
import type { Dispatch } from "../commands/index.ts";
import type { LocalDatabase } from "../db/types.ts";
import type { Connectivity } from "../sync/connectivity.ts";
import type { SyncEngine } from "../sync/engine.ts";

/**
 * What the signed-in runtime hands the features once started: the user, follow.db, the command
 * dispatch, the sync engine, connectivity and the API client. Declared here, beside the
 * services that take it, so they need nothing of the runtime that builds it.
 */
export interface RuntimeServices {
  userId: string;
  db: LocalDatabase;
  dispatch: Dispatch;
  engine: SyncEngine;
  connectivity: Connectivity;
  api: ApiFetch;
}
