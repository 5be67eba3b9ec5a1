import type { Observable } from "rxjs";
import type { FeedModel } from "../../contract/reading-models.ts";
import { liveQuery } from "../db/queries.ts";
import type { LocalDatabase } from "../db/types.ts";

/** Where one dispatched command stands in the outbox (quick add's progress). */
export interface CommandProgress {
  /** Still waiting to be sent or answered. */
  queued: boolean;
  attempts: number;
  lastError: string | null;
  /** For a subscribe: the feed the server resolved the URL to, once confirmed. */
  confirmedFeed: FeedModel | null;
}

export function commandProgress$(
  db: LocalDatabase,
  commandId: string,
): Observable<CommandProgress> {
  return liveQuery(db, ["outbox", "events"], async () => {
    const [queued, confirmed] = await Promise.all([
      db.query<{ attempts: number; last_error: string | null }>(
        "SELECT attempts, last_error FROM outbox WHERE command_id = ?",
        [commandId],
      ),
      db.query<{ payload: string }>(
        "SELECT payload FROM events WHERE command_id = ? AND name = 'SubscriptionConfirmed' LIMIT 1",
        [commandId],
      ),
    ]);
    let feed: FeedModel | null = null;
    try {
      feed = confirmed[0] ? (JSON.parse(confirmed[0].payload) as { feed: FeedModel }).feed : null;
    } catch {}
    return {
      queued: queued.length > 0,
      attempts: Number(queued[0]?.attempts ?? 0),
      lastError: queued[0]?.last_error ?? null,
      confirmedFeed: feed,
    };
  });
}

/** How many entries of a feed are stored locally (they arrive with the pull after subscribing). */
export function feedEntryCount$(db: LocalDatabase, feedId: string): Observable<number> {
  return liveQuery(db, ["entries"], async () => {
    const rows = await db.query<{ n: number }>(
      "SELECT COUNT(*) AS n FROM entries WHERE feed_id = ?",
      [feedId],
    );
    return Number(rows[0]?.n ?? 0);
  });
}
