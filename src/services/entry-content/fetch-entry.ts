import { endpoints } from "../../../contract/api/index.ts";
import type { ApiFetch } from "../../api/client.ts";
import { isFetchError } from "../../api/fetch-error.ts";
import { storeFetchedEntry } from "../../db/entry-cache.ts";
import type { LocalDatabase } from "../../db/types.ts";

/**
 * An entry opened by link that no pull brought: fetched once (quietly: the pane shows its own
 * state) and kept locally, where the pane's live query finds it. Answers "missing" when the
 * server has no such entry (or storing failed), "offline" when the request never got through.
 */
export async function fetchEntryIntoStore(
  api: ApiFetch,
  db: LocalDatabase,
  entryId: string,
): Promise<"stored" | "missing" | "offline"> {
  try {
    const answer = await api.call(endpoints.entries.get, { id: entryId }, { silent: true });
    await storeFetchedEntry(db, answer.data.entries, answer.data.feeds);
    return "stored";
  } catch (error) {
    return isFetchError(error) && error.status === null ? "offline" : "missing";
  }
}
