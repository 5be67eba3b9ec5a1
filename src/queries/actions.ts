import type { Observable } from "rxjs";
import type { ActionRule } from "../../contract/actions.ts";
import type { MatchSubject } from "../../contract/actions-match.ts";
import { local, select } from "../db/local-sql.ts";
import { liveSelect } from "../db/queries.ts";
import type { LocalDatabase } from "../db/types.ts";

/** Rules saved on this device and not yet replaced by a pull: the newest save, if any. */
export interface SavedRules {
  rules: ActionRule[];
  /** Still waiting for the server (a refusal drops it). */
  pending: boolean;
}

/**
 * The last "rules saved" of the event log: the page shows it over the server's rules until the
 * log forgets it (confirmed and pulled, or refused and rolled back).
 */
const lastSavedRules = select(
  local
    .selectFrom("events")
    .select(["payload", "status"])
    .where("name", "=", "ActionRulesSaved")
    .orderBy("seq", "desc")
    .limit(1),
);

export function savedActionRules$(db: LocalDatabase): Observable<SavedRules | null> {
  return liveSelect(db, lastSavedRules, ([row]) => {
    if (!row) return null;
    const data = JSON.parse(row.payload) as { rules: ActionRule[] };
    return { rules: data.rules, pending: row.status === "pending" };
  });
}

/** A recent entry as rules see it, for the editor's live preview. */
export interface PreviewEntry {
  id: string;
  title: string | null;
  subject: MatchSubject;
}

/**
 * The newest local entries with their feed and subscription, as rule subjects: the content
 * test reads the description (list entries carry no content).
 */
function newestEntries(limit: number) {
  return select(
    local
      .selectFrom("entries as e")
      .leftJoin("feeds as f", "f.id", "e.feed_id")
      .leftJoin("subscriptions as s", "s.feed_id", "e.feed_id")
      .select((eb) => [
        "e.id",
        "e.title",
        "e.url",
        "e.author",
        "e.description",
        "e.content",
        "e.media",
        "e.attachments",
        eb.fn.coalesce("s.title", "f.title").as("feed_title"),
        "f.site_url",
        "f.url as feed_url",
        "s.view",
        "s.category",
      ])
      .orderBy("e.published_at", "desc")
      .limit(limit),
  );
}

export function previewEntries$(db: LocalDatabase, limit = 100): Observable<PreviewEntry[]> {
  return liveSelect(db, newestEntries(limit), (rows) =>
    rows.map((row) => {
      const list = (value: unknown) => {
        try {
          return JSON.parse(String(value ?? "[]")) as { duration_in_seconds?: number }[];
        } catch {
          return [];
        }
      };
      const text = (value: unknown) =>
        value === null || value === undefined ? null : String(value);
      return {
        id: String(row.id),
        title: text(row.title),
        subject: {
          feedTitle: text(row.feed_title),
          view: Number(row.view ?? 0),
          siteUrl: text(row.site_url),
          feedUrl: text(row.feed_url),
          category: text(row.category),
          title: text(row.title),
          content: text(row.content ?? row.description)?.replace(/<[^>]*>/g, " ") ?? null,
          url: text(row.url),
          author: text(row.author),
          mediaLength: list(row.media).length,
          attachmentsDuration: list(row.attachments).reduce(
            (sum, a) => sum + (a.duration_in_seconds ?? 0),
            0,
          ),
        },
      };
    }),
  );
}
