import type { BackoffOptions } from "./backoff.ts";

/** The server's word that the user's data changed: its version, and what kind of change. */
export interface Poke {
  version: string;
  /** "state" (the user's own data), "entries" (new entries); empty on connect. */
  scopes: readonly string[];
}

export interface LiveStreamOptions {
  /** Opens `GET /sync/stream`, resuming after `lastVersion`; rejects on a refused answer. */
  connect(
    lastVersion: string | undefined,
    signal: AbortSignal,
  ): Promise<ReadableStream<Uint8Array>>;
  onPoke(poke: Poke): void;
  /** True once a connection delivers its first event, false when it drops. */
  onLive(live: boolean): void;
  backoff: BackoffOptions;
  /**
   * Silence after which the connection is taken for dead (a proxy that dropped it without a
   * word): a few of the server's heartbeats.
   */
  silenceMs?: number;
  /** Resolves when it is worth trying again at once (the network came back). */
  wake?(): Promise<void>;
}

export interface LiveStream {
  stop(): void;
}

const DEFAULT_SILENCE_MS = 45_000;

/**
 * Holds the change stream open: reads Server-Sent Events, hands each `poke` on, reconnects
 * with exponential backoff (reset once a connection delivered something) and resumes from
 * the last version seen, so a poke missed while away shows as a newer version on connect.
 */
export function startLiveStream(options: LiveStreamOptions): LiveStream {
  const stopped = new AbortController();
  let lastVersion: string | undefined;

  async function readOnce(): Promise<boolean> {
    const attempt = new AbortController();
    const abort = () => attempt.abort();
    stopped.signal.addEventListener("abort", abort, { once: true });
    let delivered = false;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const feel = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(abort, options.silenceMs ?? DEFAULT_SILENCE_MS);
    };
    try {
      feel();
      const body = await options.connect(lastVersion, attempt.signal);
      const parser = new EventParser((event) => {
        if (event.type !== "poke") return;
        const poke = parsePoke(event.data);
        if (!poke) return;
        lastVersion = poke.version;
        if (!delivered) options.onLive(true);
        delivered = true;
        options.onPoke(poke);
      });
      const reader = body.getReader();
      // Whatever the transport does with the signal, an abort ends the read.
      attempt.signal.addEventListener("abort", () => void reader.cancel().catch(() => undefined));
      const decoder = new TextDecoder();
      while (true) {
        const { value, done } = await reader.read();
        if (done) break;
        feel();
        parser.push(decoder.decode(value, { stream: true }));
      }
    } catch {
      // Refused, dropped or silent: the loop decides when to try again.
    } finally {
      clearTimeout(watchdog);
      stopped.signal.removeEventListener("abort", abort);
      attempt.abort();
      if (delivered) options.onLive(false);
    }
    return delivered;
  }

  void (async () => {
    let failures = 0;
    while (!stopped.signal.aborted) {
      failures = (await readOnce()) ? 0 : failures + 1;
      if (stopped.signal.aborted) break;
      await pause(delayFor(failures, options.backoff), stopped.signal, options.wake?.());
    }
  })();

  return { stop: () => stopped.abort() };
}

function delayFor(failures: number, backoff: BackoffOptions): number {
  if (failures === 0) return backoff.baseMs / 4;
  const delay = Math.min(backoff.baseMs * 2 ** (failures - 1), backoff.maxMs);
  return backoff.jitter === false ? delay : delay * (0.8 + Math.random() * 0.4);
}

function pause(ms: number, signal: AbortSignal, wake?: Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
    wake?.then(done, done);
  });
}

function parsePoke(data: string): Poke | undefined {
  try {
    const value = JSON.parse(data) as { version?: unknown; scopes?: unknown };
    if (typeof value.version !== "string") return undefined;
    const scopes = Array.isArray(value.scopes)
      ? value.scopes.filter((scope): scope is string => typeof scope === "string")
      : [];
    return { version: value.version, scopes };
  } catch {
    return undefined;
  }
}

interface StreamEvent {
  type: string;
  data: string;
  id?: string;
}

/** The Server-Sent Events wire format: fields per line, an empty line ends an event. */
export class EventParser {
  private buffer = "";
  private type = "";
  private data: string[] = [];
  private id: string | undefined;
  private readonly emit: (event: StreamEvent) => void;

  constructor(emit: (event: StreamEvent) => void) {
    this.emit = emit;
  }

  push(text: string): void {
    this.buffer += text;
    // A CR at the end of a chunk may be half of a CRLF: the next chunk says.
    const lines = this.buffer.split(/\r\n|\r(?=[^\n])|\n/);
    this.buffer = lines.pop() ?? "";
    for (const line of lines) this.line(line);
  }

  private line(line: string): void {
    if (line === "") {
      if (this.data.length > 0) {
        this.emit({ type: this.type || "message", data: this.data.join("\n"), id: this.id });
      }
      this.type = "";
      this.data = [];
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") this.type = value;
    else if (field === "data") this.data.push(value);
    else if (field === "id") this.id = value;
  }
}
