import { DEFAULT_BOUNDS, type ScheduleBounds } from "./schedule.ts";

/**
 * How this process schedules and extends feed checks, set once at start-up (server.ts,
 * worker.ts) and read by every refresh, scheduled or "fetch now" alike.
 */
export interface IngestSettings {
  bounds: ScheduleBounds;
  /** Told of a feed's WebSub hub on each full fetch (server/websub); must not throw. */
  onHub?: (feedId: string, hub: string, topic: string) => void;
  /** Whether a feed's hub is pushing to us now (polling then relaxes); false without WebSub. */
  pushActive?: (feedId: string) => Promise<boolean>;
  /** A poll found entries the hub never pushed: the hub has gone silent for this feed. */
  onPollFoundNew?: (feedId: string) => Promise<void>;
}

let settings: IngestSettings = { bounds: DEFAULT_BOUNDS };

export function configureIngest(next: Partial<IngestSettings>): void {
  settings = { ...settings, ...next };
}

export function ingestSettings(): IngestSettings {
  return settings;
}
