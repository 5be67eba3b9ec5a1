import { APP_VERSION } from "../../contract/constants.ts";
import { fetchFailed, IngestError } from "./errors.ts";
import { connectGuard } from "./guarded-connect.ts";
import { type HostGate, HostLimiter } from "./host-limiter.ts";
import { createHttpClient, discard } from "./http-client.ts";
import { addressPolicy, type PrivateNetworkPolicy } from "./ip-policy.ts";
import { decompress, readCapped } from "./response-body.ts";

/**
 * Fetch stage: GET a feed URL safely. Every connection goes through an SSRF guard that checks
 * the *resolved* address at connect time (so DNS rebinding and redirects to private hosts
 * fail), literal IPs included. Also: connect and total timeouts, a body cap (compressed and
 * decompressed), at most N redirects (each re-checked), gzip/deflate/br, a User-Agent,
 * conditional GET, Retry-After, and a per-host concurrency limit.
 *
 * Answers any final HTTP status (the caller decides what a 404 means); throws IngestError
 * 2003 for everything that is not an HTTP answer: blocked address, DNS, timeout, too large,
 * too many redirects, bad URL.
 */
export interface FetcherConfig {
  /** Private/loopback/link-local... addresses refused unless allowed here. Default false. */
  allowPrivateNetworks?: PrivateNetworkPolicy;
  connectTimeoutMs?: number;
  /** Whole request, redirects and body included. */
  timeoutMs?: number;
  maxBodyBytes?: number;
  maxRedirects?: number;
  perHostConcurrency?: number;
  /** Replaces the in-process per-host limit (e.g. one shared by every process of a database). */
  hostGate?: HostGate;
  userAgent?: string;
}

export interface FetchOptions {
  /** Validators from the previous fetch: an unchanged feed then answers 304. */
  etag?: string | null;
  lastModified?: string | null;
  accept?: string;
  signal?: AbortSignal;
  /** A write to a service (integrations): POST with these headers and body. Its redirects
   * are answered as they are, never followed (a body is not re-sent to another host). */
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export interface FetchResult {
  status: number;
  /** The final URL, after redirects. */
  url: string;
  headers: Record<string, string>;
  body: Buffer;
  notModified: boolean;
  etag: string | null;
  lastModified: string | null;
  /** From Retry-After (seconds or an HTTP date), when the server sent one. */
  retryAfterSeconds: number | null;
}

/** A request with a body to a service the operator configured (an AI provider, a webhook). */
export interface SendOptions {
  method: "POST" | "PUT";
  headers: Record<string, string>;
  body: string | Uint8Array;
  signal?: AbortSignal;
}

/** The answer as it arrives: read `body` chunk by chunk (streamed model output). */
export interface SendResult {
  status: number;
  headers: Record<string, string>;
  body: AsyncIterable<Buffer>;
}

export interface Fetcher {
  fetch(url: string, options?: FetchOptions): Promise<FetchResult>;
  /**
   * Sends a body through the same address guard and timeouts, without following redirects
   * (a POST is not replayed elsewhere). The caller bounds how much of the body it reads.
   */
  send(url: string, options: SendOptions): Promise<SendResult>;
  close(): Promise<void>;
}

/** One User-Agent for every request: the product, its version and where to read about it. */
export const DEFAULT_USER_AGENT = userAgentFor(undefined);

/**
 * The one User-Agent every fetch sends: the product, its version, and where the instance that
 * fetches can be reached (PUBLIC_URL), so a site owner knows whom to ask; a self-hosted reader
 * has no other address of its own.
 */
export function userAgentFor(publicUrl: string | undefined): string {
  return `Follow/${APP_VERSION} (feed reader${publicUrl ? `; +${publicUrl}` : ""})`;
}
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;
const FEED_ACCEPT =
  "application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, text/html;q=0.7, */*;q=0.5";
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** One fetcher per process (or per policy): it owns the connection pool and the host limiter. */
export function createFetcher(config: FetcherConfig = {}): Fetcher {
  const timeoutMs = config.timeoutMs ?? 30_000;
  const maxBodyBytes = config.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxRedirects = config.maxRedirects ?? 5;
  const userAgent = config.userAgent ?? DEFAULT_USER_AGENT;
  const judge = addressPolicy(config.allowPrivateNetworks ?? false);
  const limiter: HostGate = config.hostGate ?? new HostLimiter(config.perHostConcurrency ?? 2);
  const client = createHttpClient({
    guard: connectGuard(judge),
    connectTimeoutMs: config.connectTimeoutMs ?? 10_000,
    idleTimeoutMs: timeoutMs,
    keepAliveMs: 4_000,
  });

  async function fetchOnce(url: URL, options: FetchOptions, requestSignal: () => AbortSignal) {
    const headers: Record<string, string> = {
      "user-agent": userAgent,
      accept: options.accept ?? FEED_ACCEPT,
      "accept-encoding": "gzip, deflate, br",
    };
    if (options.etag) headers["if-none-match"] = options.etag;
    if (options.lastModified) headers["if-modified-since"] = options.lastModified;
    Object.assign(headers, options.headers);
    // Waiting for the host's turn is not the request's time: only the caller may end the wait.
    const release = await limiter.acquire(url.host, options.signal);
    try {
      const response = await client.request(url, {
        method: options.method ?? "GET",
        headers,
        ...(options.body !== undefined ? { body: options.body } : {}),
        signal: requestSignal(),
      });
      const flat = flattenHeaders(response.headers);
      if (REDIRECTS.has(response.status) || response.status === 304) {
        await discard(response.body);
        return { status: response.status, headers: flat, body: Buffer.alloc(0) };
      }
      const raw = await readCapped(response.body, flat["content-length"], maxBodyBytes);
      const body = await decompress(raw, flat["content-encoding"], maxBodyBytes);
      return { status: response.status, headers: flat, body };
    } finally {
      release();
    }
  }

  async function fetch(input: string, options: FetchOptions = {}): Promise<FetchResult> {
    let url = checkedUrl(input);
    // The whole request's clock starts once the first host slot is ours.
    let timeout: AbortSignal | undefined;
    const requestSignal = () => {
      timeout ??= AbortSignal.timeout(timeoutMs);
      return options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    };
    try {
      for (let hop = 0; ; hop++) {
        const answer = await fetchOnce(url, options, requestSignal);
        const location = answer.headers.location;
        if (REDIRECTS.has(answer.status) && location && (options.method ?? "GET") === "GET") {
          if (hop >= maxRedirects) {
            throw fetchFailed(
              "too-many-redirects",
              `more than ${maxRedirects} redirects (last to ${location})`,
            );
          }
          url = checkedUrl(location, url);
          continue;
        }
        return resultOf(url, answer);
      }
    } catch (error) {
      throw asFetchError(error, url, timeout?.aborted ? timeoutMs : null);
    }
  }

  async function send(input: string, options: SendOptions): Promise<SendResult> {
    const url = checkedUrl(input);
    try {
      const response = await client.request(url, {
        method: options.method,
        headers: { "user-agent": userAgent, ...options.headers },
        body: options.body,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      return {
        status: response.status,
        headers: flattenHeaders(response.headers),
        body: response.body,
      };
    } catch (error) {
      throw asFetchError(error, url, options.signal?.aborted ? timeoutMs : null);
    }
  }

  const close = async () => client.close();
  return { fetch, send, close };
}

/** Only absolute http(s) URLs; credentials are dropped rather than sent to a redirect target. */
function checkedUrl(input: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(input.trim(), base);
  } catch {
    throw fetchFailed("bad-url", `not a valid URL: ${input}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw fetchFailed("bad-url", `only http and https URLs can be fetched, not ${url.protocol}`);
  }
  url.username = "";
  url.password = "";
  url.hash = "";
  return url;
}

function resultOf(
  url: URL,
  answer: { status: number; headers: Record<string, string>; body: Buffer },
): FetchResult {
  const { status, headers, body } = answer;
  return {
    status,
    url: url.href,
    headers,
    body,
    notModified: status === 304,
    etag: headers.etag ?? null,
    lastModified: headers["last-modified"] ?? null,
    retryAfterSeconds: parseRetryAfter(headers["retry-after"]),
  };
}

/** Retry-After as seconds from now: a delay in seconds or an HTTP date; null if absent/bad. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

function flattenHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined)
      flat[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return flat;
}

/** Maps whatever went wrong onto a coded 2003 with a reason a person can act on. */
function asFetchError(error: unknown, url: URL, timedOutAfterMs: number | null): IngestError {
  if (error instanceof IngestError) return error;
  const chain = causes(error);
  const blocked = chain.find((e) => e instanceof IngestError);
  if (blocked instanceof IngestError) return blocked;
  if (timedOutAfterMs !== null) {
    return fetchFailed(
      "timeout",
      `no complete answer from ${url.host} within ${timedOutAfterMs / 1000} s`,
      { cause: error },
    );
  }
  const codes = chain
    .map((e) => (e as { code?: unknown }).code)
    .filter((c) => typeof c === "string");
  if (codes.some((c) => c === "ENOTFOUND" || c === "EAI_AGAIN")) {
    return fetchFailed("dns", `the host ${url.hostname} could not be resolved`, { cause: error });
  }
  if (codes.some((c) => /TIMEOUT/i.test(c as string))) {
    return fetchFailed("timeout", `timed out talking to ${url.host}`, { cause: error });
  }
  // TLS libraries explain themselves to programmers ("ssl3_get_record:wrong version number"):
  // a person is told what it means instead, and the code stays in the logged cause.
  const messages = chain.map((e) => e.message).join(" ");
  if (
    codes.some((c) => TLS_CODE.test(c as string)) ||
    /SSL routines|TLS|certificate/i.test(messages)
  ) {
    return fetchFailed(
      "tls",
      `${url.host} did not complete a secure (HTTPS) connection: it may serve plain http only, or its certificate was refused`,
      { cause: error },
    );
  }
  if (codes.includes("ECONNREFUSED")) {
    return fetchFailed("connect", `${url.host} refused the connection`, { cause: error });
  }
  if (codes.includes("ECONNRESET")) {
    return fetchFailed("connect", `${url.host} closed the connection before answering`, {
      cause: error,
    });
  }
  const code = codes.find((c) => /^[A-Z_]+$/.test(c as string));
  return fetchFailed("connect", `could not fetch ${url.host}${code ? ` (${code})` : ""}`, {
    cause: error,
  });
}

/** Node's and OpenSSL's codes for a failed TLS handshake or certificate check. */
const TLS_CODE =
  /^(EPROTO|ERR_SSL|ERR_TLS|ERR_OSSL|CERT_|DEPTH_ZERO_SELF_SIGNED|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_CERT)/;

function causes(error: unknown): Error[] {
  const chain: Error[] = [];
  let current: unknown = error;
  while (current instanceof Error && chain.length < 8) {
    chain.push(current);
    if (current instanceof AggregateError)
      chain.push(...current.errors.filter((e) => e instanceof Error));
    current = current.cause;
  }
  return chain;
}
