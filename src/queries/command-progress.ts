import type { Observable } from "rxjs";
import type { FeedModel } from "../../contract/reading-models.ts";
import { local, select } from "../db/local-sql.ts";
import { liveQuery, liveSelect } from "../db/queries.ts";
import { selectRows } from "../db/select-rows.ts";
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
  const queuedQuery = select(
    local
      .selectFrom("outbox")
      .select(["attempts", "last_error"])
      .where("command_id", "=", commandId),
  );
  const confirmedQuery = select(
    local
      .selectFrom("events")
      .select("payload")
      .where("command_id", "=", commandId)
      .where("name", "=", "SubscriptionConfirmed")
      .limit(1),
  );
  return liveQuery(db, [...queuedQuery.reads, ...confirmedQuery.reads], async () => {
    const [queued, confirmed] = await Promise.all([
      selectRows(db, queuedQuery),
      selectRows(db, confirmedQuery),
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
  const count = select(
    local
      .selectFrom("entries")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("feed_id", "=", feedId),
  );
  return liveSelect(db, count, ([row]) => Number(row?.n ?? 0));
}
