import type { EntryRow, FeedRow } from "../../server/db/schema.ts";

/** A feed row known only by its URL, never fetched, due at `at` (seeding tests and benchmarks). */
export function unfetchedFeedRow(id: string, url: string, at: string): FeedRow {
  return {
    id,
    url,
    title: null,
    description: null,
    image: null,
    site_url: null,
    language: null,
    owner_user_id: null,
    error_at: null,
    error_message: null,
    failure_count: 0,
    etag: null,
    last_modified: null,
    body_hash: null,
    checked_at: null,
    next_check_at: at,
    lease_owner: null,
    lease_until: null,
    created_at: at,
    updated_at: at,
  };
}

/**
 * A stored entry (plain text fields, no media) published at `published_at` and stored then;
 * `fields` give the rest or override the defaults (seeding search and stream tests).
 */
export function storedEntryRow(
  fields: Pick<EntryRow, "id" | "feed_id" | "published_at"> & Partial<EntryRow>,
) {
  return {
    guid: `g${fields.id}`,
    title: "post",
    url: `https://example.com/${fields.id}`,
    content: "<p>body</p>",
    description: null,
    author: null,
    language: "en",
    categories: "[]",
    media: "[]",
    attachments: "[]",
    content_hash: "h",
    inserted_at: fields.published_at,
    updated_at: fields.published_at,
    ...fields,
  } satisfies Partial<EntryRow>;
}
