/**
 * Product analytics to a PostHog-compatible host (capture, identify, alias, person properties)
 * and the same events to the secondary measurement endpoint, in its payload: client_id,
 * user_id, events (name, params with session_id and engagement_time_msec 1000) and
 * user_properties (each as { value }). Nothing is sent unless `allowed()` says so at the time
 * (the user's sendAnonymousData); no event carries entry content, e-mail or tokens.
 */

export const ENGAGEMENT_TIME_MSEC = 1000;
/** Retries of a failed send, waiting 1 s, then 2 s. */
export const RETRIES = 2;
export const RETRY_BASE_MS = 1000;
export const POPSTATE_RESET_MS = 1200;
export const MISSING_ID_MESSAGE = "Unique user id has not been set";

/** Ids that name nobody: identifying as one would merge every such user into one person. */
const SENTINEL_IDS = new Set(["undefined", "null", "anonymous", "guest", "0", "[object Object]"]);

export interface AnalyticsOptions {
  host: string;
  key: string;
  allowed: () => boolean;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Where the anonymous id survives reloads. */
  storage?: Pick<Storage, "getItem" | "setItem" | "removeItem"> | undefined;
  /** Critical problems (a sentinel id): an error in the console, never an exception. */
  critical?: (message: string, detail?: unknown) => void;
  now?: () => number;
}

export type AnalyticsState = "anonymous" | "identified";

const ANONYMOUS_ID_KEY = "follow:analytics-anonymous-id";

export function createAnalytics(options: AnalyticsOptions) {
  const send = options.fetch ?? globalThis.fetch.bind(globalThis);
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const critical = options.critical ?? ((message, detail) => console.error(message, detail));
  const now = options.now ?? Date.now;
  const sessionId = String(now());
  let anonymousId = readAnonymousId();
  let userId: string | undefined;
  let lastProperties = "";
  let personProperties: Record<string, string> = {};
  let popstate = false;
  let popstateTimer: ReturnType<typeof setTimeout> | undefined;

  function readAnonymousId(): string {
    const stored = safe(() => options.storage?.getItem(ANONYMOUS_ID_KEY));
    if (stored) return stored;
    const fresh = crypto.randomUUID();
    safe(() => options.storage?.setItem(ANONYMOUS_ID_KEY, fresh));
    return fresh;
  }

  const distinctId = () => userId ?? anonymousId;

  /** POSTs with up to RETRIES retries on a network failure or a 5xx, waiting 1 s, 2 s. */
  async function post(url: string, body: unknown): Promise<boolean> {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await send(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
          keepalive: true,
        });
        if (response.status < 500) return response.ok;
      } catch {}
      if (attempt >= RETRIES) return false;
      await sleep(RETRY_BASE_MS * 2 ** attempt);
    }
  }

  const measurementUrl = () =>
    `${options.host}/mp/collect?api_secret=${encodeURIComponent(options.key)}`;

  /** The person's properties in the measurement payload: each as { value }. */
  const userProperties = () =>
    Object.fromEntries(Object.entries(personProperties).map(([k, value]) => [k, { value }]));

  /** The measurement endpoint's payload for these events (none: the properties alone). */
  function measurement(events: { name: string; params: Record<string, unknown> }[]) {
    return post(measurementUrl(), {
      client_id: anonymousId,
      ...(userId ? { user_id: userId } : {}),
      events,
      user_properties: userProperties(),
    });
  }

  /**
   * An event to both endpoints; PostHog's own ($identify, $set, $create_alias) go only to the
   * PostHog-compatible host, the measurement endpoint hears product events alone.
   */
  function capture(event: string, properties: Record<string, unknown> = {}): Promise<unknown> {
    if (!options.allowed()) return Promise.resolve();
    const toPosthog = post(`${options.host}/capture/`, {
      api_key: options.key,
      event,
      distinct_id: distinctId(),
      properties: {
        ...properties,
        $session_id: sessionId,
        // Sent just after a back/forward navigation: the event replays a page, not a new visit.
        ...(popstate ? { from_popstate: true } : {}),
      },
      timestamp: new Date(now()).toISOString(),
    });
    if (event.startsWith("$")) return toPosthog;
    return Promise.all([
      toPosthog,
      measurement([
        {
          name: event,
          params: {
            ...properties,
            session_id: sessionId,
            engagement_time_msec: ENGAGEMENT_TIME_MSEC,
          },
        },
      ]),
    ]);
  }

  /** Person properties to both endpoints (the measurement endpoint with no event). */
  function sendProperties(event: string, properties: Record<string, unknown>) {
    if (!options.allowed()) return Promise.resolve();
    return Promise.all([capture(event, properties), measurement([])]);
  }

  return {
    capture,

    get state(): AnalyticsState {
      return userId ? "identified" : "anonymous";
    },

    get distinctId(): string {
      return distinctId();
    },

    /** anonymous → identified: the anonymous id's events are merged into the user's. */
    identify(id: string | undefined | null, properties: Record<string, string> = {}) {
      if (!id) {
        critical(MISSING_ID_MESSAGE);
        return Promise.resolve();
      }
      if (SENTINEL_IDS.has(id.trim().toLowerCase())) {
        critical(`${MISSING_ID_MESSAGE}: refusing the placeholder id "${id}"`);
        return Promise.resolve();
      }
      if (id === userId) return this.setPersonProperties(properties);
      userId = id;
      lastProperties = JSON.stringify(properties);
      personProperties = { ...properties };
      return sendProperties("$identify", { $anon_distinct_id: anonymousId, $set: properties });
    },

    /** Another id for the same person; aliasing an id to itself is skipped. */
    alias(alias: string) {
      if (!alias || alias === distinctId()) return Promise.resolve();
      return capture("$create_alias", { alias });
    },

    /** Person properties; the same set twice in a row is sent once. */
    setPersonProperties(properties: Record<string, string>) {
      const key = JSON.stringify(properties);
      if (key === lastProperties || key === "{}") return Promise.resolve();
      lastProperties = key;
      personProperties = { ...personProperties, ...properties };
      return sendProperties("$set", { $set: properties });
    },

    /** identified → anonymous, under a new anonymous id (signing out). */
    reset() {
      userId = undefined;
      lastProperties = "";
      personProperties = {};
      safe(() => options.storage?.removeItem(ANONYMOUS_ID_KEY));
      anonymousId = readAnonymousId();
    },

    /** A back/forward navigation: events in the next 1200 ms say so (from_popstate). */
    notePopstate() {
      popstate = true;
      clearTimeout(popstateTimer);
      popstateTimer = setTimeout(() => {
        popstate = false;
      }, POPSTATE_RESET_MS);
    },

    get fromPopstate(): boolean {
      return popstate;
    },
  };
}

export type Analytics = ReturnType<typeof createAnalytics>;

function safe<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
