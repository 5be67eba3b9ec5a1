import type { Migration } from "kysely/migration";
import * as m0001 from "./0001_server_meta.ts";
import * as m0002 from "./0002_reading.ts";
import * as m0003 from "./0003_timeline_indexes.ts";
import * as m0004 from "./0004_user_settings.ts";
import * as m0005 from "./0005_idempotency_lease.ts";
import * as m0006 from "./0006_feed_body_hash.ts";
import * as m0007 from "./0007_accounts.ts";
import * as m0008 from "./0008_lists_inboxes.ts";
import * as m0009 from "./0009_search.ts";
import * as m0010 from "./0010_ai_actions_push.ts";
import * as m0011 from "./0011_integrations.ts";
import * as m0012 from "./0012_entry_inserted_index.ts";
import * as m0014 from "./0014_trending_indexes.ts";
import * as m0015 from "./0015_saved_searches.ts";
import * as m0016 from "./0016_daily_report_notify.ts";
import * as m0017 from "./0017_feed_route_instances.ts";
import * as m0018 from "./0018_ai_cache_by_provider.ts";
import * as m0019 from "./0019_second_factor.ts";
import * as m0020 from "./0020_idempotency_request_hash.ts";
import * as m0021 from "./0021_foreign_inbox_rows.ts";
import * as m0022 from "./0022_sync_versions.ts";
import * as m0030 from "./0030_highlights_tags.ts";
import * as m0032 from "./0032_ingest_politeness.ts";
import * as m0033 from "./0033_websub.ts";
import * as m0034 from "./0034_access_tokens.ts";
import * as m0035 from "./0035_fever_ids.ts";
import * as m0036 from "./0036_published_feeds.ts";
import * as m0037 from "./0037_wallet_ledger.ts";
import * as m0038 from "./0038_feed_claims_achievements.ts";
import * as m0041 from "./0041_reading_positions.ts";
import * as m0042 from "./0042_search_time_brin.ts";
import * as m0043 from "./0043_search_field_indexes.ts";
import * as m0044 from "./0044_entry_content_last.ts";

/** Server migrations, numbered and append-only: never edit one that has shipped. */
export const serverMigrations: Record<string, Migration> = {
  "0001_server_meta": m0001,
  "0002_reading": m0002,
  "0003_timeline_indexes": m0003,
  "0004_user_settings": m0004,
  "0005_idempotency_lease": m0005,
  "0006_feed_body_hash": m0006,
  "0012_entry_inserted_index": m0012,
  "0007_accounts": m0007,
  "0008_lists_inboxes": m0008,
  "0009_search": m0009,
  "0010_ai_actions_push": m0010,
  "0011_integrations": m0011,
  "0014_trending_indexes": m0014,
  "0015_saved_searches": m0015,
  "0016_daily_report_notify": m0016,
  "0017_feed_route_instances": m0017,
  "0018_ai_cache_by_provider": m0018,
  "0019_second_factor": m0019,
  "0020_idempotency_request_hash": m0020,
  "0021_foreign_inbox_rows": m0021,
  "0022_sync_versions": m0022,
  "0030_highlights_tags": m0030,
  "0032_ingest_politeness": m0032,
  "0033_websub": m0033,
  "0034_access_tokens": m0034,
  "0035_fever_ids": m0035,
  "0036_published_feeds": m0036,
  "0037_wallet_ledger": m0037,
  "0038_feed_claims_achievements": m0038,
  "0041_reading_positions": m0041,
  "0042_search_time_brin": m0042,
  "0043_search_field_indexes": m0043,
  "0044_entry_content_last": m0044,
};
