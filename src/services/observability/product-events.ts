import type { Analytics } from "./analytics.ts";

/**
 * The only product events there are, each answering a question about the product: do people
 * finish signing up, subscribe, read, bring their feeds along, search, use it offline?
 */
export type ProductEvent =
  | "sign_up_completed"
  | "first_subscription"
  | "first_entry_read"
  | "opml_imported"
  | "search_used"
  | "offline_replay";

/** Events named "first_…" are sent once per browser. */
const ONCE: ReadonlySet<ProductEvent> = new Set(["first_subscription", "first_entry_read"]);
const SENT_KEY = "follow:analytics-first-sent";
/** Sent once per page load (a search is typed, and searched, letter by letter). */
const PER_PAGE: ReadonlySet<ProductEvent> = new Set(["search_used"]);
const sentThisPage = new Set<ProductEvent>();

let sink: Analytics | undefined;
/** Events before analytics started (sign-up happens before the runtime starts): kept briefly. */
const early: { event: ProductEvent; properties: Record<string, number | string | boolean> }[] = [];

export function connectProductEvents(analytics: Analytics | undefined): void {
  sink = analytics;
  if (analytics)
    for (const { event, properties } of early.splice(0)) void analytics.capture(event, properties);
}

/** Commands whose first use is a product event. */
const FIRST_USE: Record<string, ProductEvent> = {
  "subscriptions.subscribe": "first_subscription",
  "entries.markRead": "first_entry_read",
};

/**
 * The dispatcher with its product events: a first subscription, a first entry read, and a
 * write made offline (sent when the connection is back: an "offline replay").
 */
export function noteProductCommands<D>(dispatch: D): D {
  const inner = dispatch as unknown as (name: string, payload: unknown) => Promise<unknown>;
  return (async (name: string, payload: unknown) => {
    // Read when the write is made: the connection may be back once it has been applied.
    const offline = globalThis.navigator?.onLine === false;
    const meta = await inner(name, payload);
    const first = FIRST_USE[name];
    if (first) trackProductEvent(first);
    if (offline) noteOfflineWrite();
    return meta;
  }) as unknown as D;
}

let offlineWrites = 0;

/** Counted while offline, reported once when the browser is back online (and the outbox sends). */
function noteOfflineWrite(): void {
  offlineWrites++;
  if (offlineWrites > 1) return;
  globalThis.addEventListener?.(
    "online",
    () => {
      trackProductEvent("offline_replay", { writes: offlineWrites });
      offlineWrites = 0;
    },
    { once: true },
  );
}

/** Signing out: the next events are anonymous again, under a new id. */
export function resetAnalyticsIdentity(): void {
  sink?.reset();
}

/** Records a product event; nothing leaves unless analytics runs and the user allows it. */
export function trackProductEvent(
  event: ProductEvent,
  properties: Record<string, number | string | boolean> = {},
): void {
  if (ONCE.has(event) && alreadySent(event)) return;
  if (PER_PAGE.has(event)) {
    if (sentThisPage.has(event)) return;
    sentThisPage.add(event);
  }
  if (sink) void sink.capture(event, properties);
  else if (early.length < 10) early.push({ event, properties });
}

function alreadySent(event: ProductEvent): boolean {
  try {
    const sent = new Set(JSON.parse(localStorage.getItem(SENT_KEY) ?? "[]") as string[]);
    if (sent.has(event)) return true;
    sent.add(event);
    localStorage.setItem(SENT_KEY, JSON.stringify([...sent]));
  } catch {}
  return false;
}
