import { endpoints } from "../../../contract/api/index.ts";
import type { ApiFetch } from "../../api/client.ts";
import { storeFetchedEntry } from "../../db/entry-cache.ts";
import type { LocalDatabase } from "../../db/types.ts";

/**
 * An entry opened by link that no pull brought: fetched once (quietly: the pane shows its own
 * state) and kept locally, where the pane's live query finds it.
 */
export async function fetchEntryIntoStore(api: ApiFetch, db: LocalDatabase, entryId: string) {
  const answer = await api.call(endpoints.entries.get, { id: entryId }, { silent: true });
  await storeFetchedEntry(db, answer.data.entries, answer.data.feeds);
}
