export { type BackoffOptions, DEFAULT_BACKOFF } from "./backoff.ts";
export {
  browserOnlineSource,
  type Connectivity,
  type ConnectivityStatus,
  createConnectivity,
  manualOnlineSource,
  type OnlineSource,
} from "./connectivity.ts";
export {
  createSyncEngine,
  type SyncEngine,
  type SyncEngineOptions,
  type SyncState,
} from "./engine.ts";
export type { CommandRejection } from "./failures.ts";
export {
  type Clock,
  type FocusSource,
  REFOCUS_REFETCH_AFTER_MS,
  systemClock,
  windowFocusSource,
} from "./focus.ts";
export { type LeaderLease, requestLeadership, SYNC_LEADER_LOCK } from "./leader.ts";
