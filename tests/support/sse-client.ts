import type { TestClient } from "./http-client.ts";

/** One event of a Server-Sent Events stream, or a comment line (a heartbeat). */
export interface StreamEvent {
  /** "poke", "message" when the event names none, or "comment" for `: text` lines. */
  event: string;
  id?: string;
  data: string;
  retry?: number;
}

/**
 * A live change stream held open by a test (GET /api/sync/stream with a client's cookies),
 * parsed into events as they arrive. Each event is kept; `next` waits for one that matches.
 */
export class EventStreamClient {
  readonly status: number;
  readonly headers: Headers;
  readonly events: StreamEvent[] = [];
  private readonly controller: AbortController;
  private waiters: Array<{ match(e: StreamEvent): boolean; resolve(e: StreamEvent): void }> = [];
  private ended = false;
  private readonly finished: Promise<void>;

  private constructor(response: Response, controller: AbortController) {
    this.status = response.status;
    this.headers = response.headers;
    this.controller = controller;
    this.finished = response.body ? this.read(response.body) : Promise.resolve();
  }

  /** Opens the stream as `client`; `headers` such as Last-Event-ID, `query` such as `?version=3`. */
  static async open(
    client: TestClient,
    options: { headers?: Record<string, string>; query?: string; path?: string } = {},
  ): Promise<EventStreamClient> {
    const controller = new AbortController();
    const response = await fetch(
      new URL(`${options.path ?? "/api/sync/stream"}${options.query ?? ""}`, client.baseUrl),
      {
        headers: { cookie: client.cookieHeader(), accept: "text/event-stream", ...options.headers },
        signal: controller.signal,
      },
    );
    return new EventStreamClient(response, controller);
  }

  /** The data of every poke so far, parsed. */
  pokes(): Array<{ version: string; scopes: string[] }> {
    return this.events.filter((e) => e.event === "poke").map((e) => JSON.parse(e.data));
  }

  /** Resolves with the first event (past or future) that matches; rejects after `timeoutMs`. */
  next(match: (event: StreamEvent) => boolean, timeoutMs = 10_000): Promise<StreamEvent> {
    const seen = this.events.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(
          new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(this.events)}`),
        );
      }, timeoutMs);
      const waiter = {
        match,
        resolve: (event: StreamEvent) => {
          clearTimeout(timer);
          resolve(event);
        },
      };
      this.waiters.push(waiter);
    });
  }

  /** The first poke whose data satisfies `match`. */
  async nextPoke(
    match: (poke: { version: string; scopes: string[] }) => boolean,
    timeoutMs?: number,
  ): Promise<{ version: string; scopes: string[] }> {
    const event = await this.next(
      (e) => e.event === "poke" && match(JSON.parse(e.data)),
      timeoutMs,
    );
    return JSON.parse(event.data);
  }

  /** Whether the server ended the stream. */
  get closed(): boolean {
    return this.ended;
  }

  /** Resolves once the server ends the stream. */
  whenClosed(): Promise<void> {
    return this.finished;
  }

  async close(): Promise<void> {
    this.controller.abort();
    await this.finished.catch(() => {});
  }

  private async read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          this.take(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // Aborted by close().
    } finally {
      this.ended = true;
    }
  }

  private take(block: string) {
    const event: StreamEvent = { event: "message", data: "" };
    const data: string[] = [];
    let comment = false;
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) {
        comment = true;
        data.push(line.slice(1).trim());
        continue;
      }
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") event.event = value;
      else if (field === "id") event.id = value;
      else if (field === "data") data.push(value);
      else if (field === "retry") event.retry = Number(value);
    }
    if (comment && data.length > 0 && !block.includes("\ndata:") && !block.startsWith("data:")) {
      event.event = "comment";
    }
    event.data = data.join("\n");
    if (event.event === "message" && event.data === "" && event.retry === undefined) return;
    this.events.push(event);
    for (const waiter of [...this.waiters]) {
      if (waiter.match(event)) {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        waiter.resolve(event);
      }
    }
  }
}
