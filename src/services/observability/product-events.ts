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

let sink: Analytics | undefined;
/** Events before analytics started (sign-up happens before the runtime starts): kept briefly. */
const early: { event: ProductEvent; properties: Record<string, number | string | boolean> }[] = [];

export function connectProductEvents(analytics: Analytics | undefined): void {
  sink = analytics;
  if (analytics)
    for (const { event, properties } of early.splice(0)) void analytics.capture(event, properties);
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
