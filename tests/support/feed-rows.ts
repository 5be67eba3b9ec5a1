import type { FeedRow } from "../../server/db/schema.ts";

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
