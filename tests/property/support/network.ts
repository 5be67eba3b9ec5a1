/**
 * A fault-injecting network between the test clients and the real server. Requests cross it
 * one at a time (a serial link), so the order in which the server applied writes is exactly
 * the order of `log`, which the model replays. Faults, per client:
 * - drop-request: the request never reaches the server;
 * - drop-response: the server applies it, the answer is lost (the idempotency case);
 * - timeout: like drop-response, but the client gives up with a TimeoutError;
 * - hang: the server applies it and the answer never comes: the client's own request timeout
 *   has to fire (the link moves on meanwhile, as other connections would);
 * - error-before: a 503 from a proxy, the server never saw it;
 * - error-after: the server applied it, a proxy answers 502 all the same;
 * - late: the answer arrives some tens of milliseconds after the server gave it (the link moves
 *   on meanwhile): what a pull brings is older than what other requests did since.
 */
export type Fault =
  | "drop-request"
  | "drop-response"
  | "timeout"
  | "hang"
  | "error-before"
  | "error-after"
  | "late";
export const FAULTS: readonly Fault[] = [
  "drop-request",
  "drop-response",
  "timeout",
  "hang",
  "error-before",
  "error-after",
  "late",
];

export interface LoggedWrite {
  client: number;
  key: string | null;
  method: string;
  path: string;
  status: number;
  /** The server answered from its idempotency store: nothing was applied. */
  replayed: boolean;
  /** `code` of the server's answer. */
  code: number | undefined;
}

interface ClientLink {
  /** Unreachable: every request fails before reaching the server (an outage). */
  down: boolean;
  faultRate: number;
  random: () => number;
}

export class FaultyNetwork {
  readonly log: LoggedWrite[] = [];
  readonly faultsInjected = new Map<Fault, number>();
  requests = 0;
  private readonly links: ClientLink[] = [];
  private queue: Promise<unknown> = Promise.resolve();

  link(client: number, seed: number): typeof fetch {
    this.links[client] = { down: false, faultRate: 0, random: mulberry32(seed) };
    return (input, init) => this.send(client, input, init);
  }

  setDown(client: number, down: boolean) {
    this.links[client]!.down = down;
  }

  setFaultRate(client: number, rate: number) {
    this.links[client]!.faultRate = rate;
  }

  faultRate(client: number): number {
    return this.links[client]!.faultRate;
  }

  heal() {
    for (const link of this.links) {
      link.down = false;
      link.faultRate = 0;
    }
  }

  private send(client: number, input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    // The serial link: one request at a time, in arrival order.
    const result = this.queue.then(() => this.cross(client, input, init));
    this.queue = result.catch(() => undefined);
    return result.then((outcome) => {
      if (outcome === HANG) return hangUntilAborted(init?.signal);
      if (outcome instanceof Late) return deliverLate(outcome, init?.signal);
      return outcome;
    });
  }

  private async cross(client: number, input: RequestInfo | URL, init?: RequestInit) {
    this.requests += 1;
    const link = this.links[client]!;
    if (link.down) throw new TypeError("fetch failed (network down)");
    const fault = link.random() < link.faultRate ? pick(FAULTS, link.random()) : undefined;
    if (fault) this.faultsInjected.set(fault, (this.faultsInjected.get(fault) ?? 0) + 1);
    if (fault === "drop-request") throw new TypeError("fetch failed (request dropped)");
    if (fault === "error-before") return new Response("upstream unavailable", { status: 503 });

    // Given up (timed out, or the tab is gone) before its turn: it never left.
    if (init?.signal?.aborted) throw init.signal.reason;
    // Once sent it runs to its answer, which is logged even when the sender has gone meanwhile:
    // the log has to hold every write the server applied.
    const { signal: _signal, ...sent } = init ?? {};
    const response = await fetch(input, sent);
    const text = await response.text();
    this.record(client, input, init, response, text);
    if (init?.signal?.aborted) throw init.signal.reason;
    if (fault === "drop-response") throw new TypeError("fetch failed (response dropped)");
    if (fault === "timeout") throw new DOMException("The operation timed out.", "TimeoutError");
    if (fault === "hang") return HANG;
    if (fault === "late") {
      const delayMs = 10 + Math.floor(link.random() * 70);
      return new Late(
        new Response(text, { status: response.status, headers: response.headers }),
        delayMs,
      );
    }
    if (fault === "error-after") return new Response("bad gateway", { status: 502 });
    return new Response(text, { status: response.status, headers: response.headers });
  }

  private record(
    client: number,
    input: RequestInfo | URL,
    init: RequestInit | undefined,
    response: Response,
    text: string,
  ) {
    const method = (init?.method ?? "GET").toUpperCase();
    const path = new URL(String(input)).pathname;
    // Reads: GETs and the POST that lists entries.
    if (method === "GET" || path === "/api/entries") return;
    let code: number | undefined;
    try {
      code = (JSON.parse(text) as { code?: number }).code;
    } catch {}
    this.log.push({
      client,
      key: new Headers(init?.headers).get("idempotency-key"),
      method,
      path,
      status: response.status,
      replayed: response.headers.get("idempotent-replayed") === "true",
      code,
    });
  }
}

const HANG = Symbol("hang");

class Late {
  readonly response: Response;
  readonly delayMs: number;
  constructor(response: Response, delayMs: number) {
    this.response = response;
    this.delayMs = delayMs;
  }
}

/** The answer after its delay, unless the client gave up (or went) meanwhile. */
function deliverLate(late: Late, signal: AbortSignal | null | undefined): Promise<Response> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      if (signal?.aborted) reject(signal.reason);
      else resolve(late.response);
    }, late.delayMs);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

/** No answer until the client aborts (its request timeout); a client without one fails late. */
function hangUntilAborted(signal: AbortSignal | null | undefined): Promise<Response> {
  return new Promise((_, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const late = setTimeout(() => reject(new TypeError("fetch failed (no answer)")), HANG_CAP_MS);
    signal?.addEventListener("abort", () => {
      clearTimeout(late);
      reject(signal.reason);
    });
  });
}

/** Longer than the clients' request timeout, so theirs fires first. */
const HANG_CAP_MS = 5_000;

function pick<T>(items: readonly T[], random: number): T {
  return items[Math.floor(random * items.length) % items.length]!;
}

/** A small seeded PRNG, so a run's faults follow from its seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
