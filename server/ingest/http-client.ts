import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { ConnectGuard } from "./guarded-connect.ts";

/**
 * One HTTP/1.1 exchange on Node's own client, every new connection through the address guard.
 * Node's client parses with the llhttp built into the binary, which its HTTP server already
 * uses; undici (used here before) runs llhttp as WebAssembly, and loading it kept ~2 MB of
 * source in the heap plus V8's WebAssembly tier and the module's memory for the life of the
 * process (npm run bench -- rss-scale).
 *
 * Keep-alive connections are pooled per origin and closed after `keepAliveMs` unused. Three
 * clocks: the connection must be up within `connectTimeoutMs`; once it is, no more than
 * `idleTimeoutMs` may pass without a byte (waiting for the headers, or between chunks of the
 * body); the caller's signal ends the whole exchange, body included.
 */
export interface HttpClientOptions {
  guard: ConnectGuard;
  connectTimeoutMs: number;
  idleTimeoutMs: number;
  keepAliveMs: number;
}

export interface HttpRequest {
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  signal?: AbortSignal;
}

export interface HttpAnswer {
  status: number;
  headers: IncomingMessage["headers"];
  /** Read it, or `discard` it, so the connection can serve the next request. */
  body: IncomingMessage;
}

export interface HttpClient {
  request(url: URL, init: HttpRequest): Promise<HttpAnswer>;
  close(): void;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  // An agent's `timeout` is the idle time after which its free sockets are closed.
  const pool = { keepAlive: true, timeout: options.keepAliveMs, scheduling: "lifo" as const };
  const agents = { http: new http.Agent(pool), https: new https.Agent(pool) };

  function request(url: URL, init: HttpRequest): Promise<HttpAnswer> {
    const refusal = options.guard.refuseLiteral(url.hostname);
    if (refusal) return Promise.reject(refusal);
    const secure = url.protocol === "https:";
    return new Promise((resolve, reject) => {
      const req = (secure ? https : http).request(url, {
        agent: secure ? agents.https : agents.http,
        method: init.method,
        headers: init.headers,
        lookup: options.guard.lookup,
        ...(init.signal ? { signal: init.signal } : {}),
      });
      // Stays attached: an error after the answer (a reset mid-body) must not go unhandled.
      req.on("error", reject);
      req.once("socket", (socket) => {
        if (!socket.connecting) return;
        const timer = setTimeout(
          () => req.destroy(timedOut(`no connection within ${options.connectTimeoutMs / 1000} s`)),
          options.connectTimeoutMs,
        );
        const stop = () => clearTimeout(timer);
        socket.once("connect", stop);
        socket.once("close", stop);
      });
      let answer: IncomingMessage | undefined;
      req.setTimeout(options.idleTimeoutMs, () => {
        const error = timedOut(`nothing received for ${options.idleTimeoutMs / 1000} s`);
        // The body's reader is told why (the socket's end alone reads as a reset).
        if (answer && !answer.complete) answer.destroy(error);
        req.destroy(error);
      });
      req.once("response", (response) => {
        answer = response;
        // Whoever reads the body sees its errors; unread, they must not crash the process.
        response.on("error", () => {});
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: response });
      });
      req.end(init.body);
    });
  }

  return {
    request,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

/**
 * Lets a body that is not wanted (a redirect's, a 304's) go: a short one is read to its end so
 * the connection can be reused; a long one closes it.
 */
export async function discard(body: IncomingMessage, keepUpTo = 64 * 1024): Promise<void> {
  let read = 0;
  try {
    for await (const chunk of body) {
      read += (chunk as Buffer).byteLength;
      if (read > keepUpTo) {
        body.destroy();
        return;
      }
    }
  } catch {
    // The body was not wanted; its connection is gone either way.
  }
}

function timedOut(message: string): Error {
  return Object.assign(new Error(message), { code: "ETIMEDOUT" });
}
