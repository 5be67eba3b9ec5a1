import { endpoints } from "../../../contract/api/index.ts";
import { createApiClient } from "../../../src/api/client.ts";
import type { SqlRunner } from "../../../src/db/types.ts";
import { recordingReactions } from "../recording-reactions.ts";
import { type Account, withCookie } from "./remote.ts";

/**
 * The state the property and engine tests compare: subscriptions (settings), unread counts,
 * read flags of the entries of subscribed feeds, and stars. Zero counts are left out.
 */
export interface UserState {
  subscriptions: Record<
    string,
    { view: number; isPrivate: boolean; title: string | null; category: string | null }
  >;
  unread: Record<string, number>;
  read: Record<string, boolean>;
  starred: string[];
}

export async function localState(db: SqlRunner): Promise<UserState> {
  const subscriptions = await db.query(
    "SELECT feed_id, view, is_private, title, category FROM subscriptions WHERE type = 'feed' ORDER BY feed_id",
  );
  const unread = await db.query(
    "SELECT subscription_id, count FROM unread WHERE count > 0 ORDER BY subscription_id",
  );
  const read = await db.query(
    `SELECT id, read FROM entries WHERE feed_id IN (SELECT feed_id FROM subscriptions) ORDER BY id`,
  );
  const starred = await db.query("SELECT entry_id FROM collections ORDER BY entry_id");
  return {
    subscriptions: Object.fromEntries(
      subscriptions.map((s) => [
        String(s.feed_id),
        {
          view: Number(s.view),
          isPrivate: s.is_private === 1,
          title: (s.title as string | null) ?? null,
          category: (s.category as string | null) ?? null,
        },
      ]),
    ),
    unread: Object.fromEntries(unread.map((u) => [String(u.subscription_id), Number(u.count)])),
    read: Object.fromEntries(read.map((r) => [String(r.id), r.read === 1])),
    starred: starred.map((s) => String(s.entry_id)).sort(),
  };
}

/** The same state as the server has it, through the API (never through a client engine). */
export async function serverState(baseUrl: string, account: Account): Promise<UserState> {
  const { call } = createApiClient({
    baseURL: `${baseUrl}/api`,
    platform: "web",
    dev: false,
    reactions: recordingReactions(),
    fetch: withCookie(account.cookie),
  }).fetch;
  const quietly = { silent: true };
  const { data: subscriptions } = await call(endpoints.subscriptions.list, {}, quietly);
  const { data: unread } = await call(endpoints.reads.unread, {}, quietly);
  const { data: entries } = await call(endpoints.entries.list, { limit: 100 }, quietly);
  const { data: starred } = await call(
    endpoints.entries.list,
    { isCollection: true, limit: 100 },
    quietly,
  );
  return {
    subscriptions: Object.fromEntries(
      [...subscriptions]
        .filter((s) => "feedId" in s)
        .sort((a, b) => a.feedId.localeCompare(b.feedId))
        .map((s) => [
          s.feedId,
          { view: s.view, isPrivate: s.isPrivate, title: s.title, category: s.category },
        ]),
    ),
    unread: Object.fromEntries(
      Object.entries(unread)
        .filter(([, n]) => n > 0)
        .sort(([a], [b]) => a.localeCompare(b)),
    ),
    read: Object.fromEntries(
      entries.map((i) => [i.entries.id, i.read] as const).sort(([a], [b]) => a.localeCompare(b)),
    ),
    starred: starred.map((i) => i.entries.id).sort(),
  };
}
