/** Where each settings record lives in Web Storage (one device, every user of it). */
export const GENERAL_STORAGE_KEY = "follow:settings:general";
export const UI_STORAGE_KEY = "follow:settings:appearance";
/** Changes not yet sent to the server, merged per tab (src/settings/server-sync.ts sends them). */
export const SYNC_QUEUE_STORAGE_KEY = "follow:settings:sync-queue";
/** The local settings record (local-record.ts). */
export const LOCAL_RECORD_STORAGE_KEY = "follow:settings:local";
