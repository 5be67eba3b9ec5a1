import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  APP_NAME,
  APP_VERSION,
  HTTP_RETRY_STATUSES,
  REQUEST_HEADERS,
} from "../../contract/constants.ts";
import { recordingReactions } from "../../tests/support/recording-reactions.ts";
import {
  type ScriptedServer,
  startScriptedServer,
  unreachableBaseURL,
} from "../../tests/support/scripted-server.ts";
import { type ApiClientOptions, createApiClient } from "./client.ts";
import { FetchError } from "./fetch-error.ts";

const READS = ["GET", "HEAD"] as const;
const WRITES = ["POST", "PUT", "PATCH", "DELETE"] as const;
const NOT_RETRIED = [400, 401, 403, 404, 422];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

function client(overrides: Partial<ApiClientOptions> = {}) {
  const reactions = recordingReactions();
  const api = createApiClient({
    baseURL: server.baseURL,
    platform: "web",
    dev: false,
    reactions,
    retryDelayMs: 0,
    clientId: () => "client-1",
    sessionId: () => "session-1",
    ...overrides,
  });
  return { api: api.fetch, headers: api.headers, reactions };
}

async function failure(call: Promise<unknown>): Promise<FetchError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchError);
  return error as FetchError;
}

describe("retry table (GET/HEAD retried once, writes never)", () => {
  it.each(
    READS.flatMap((method) => HTTP_RETRY_STATUSES.map((status) => [method, status] as const)),
  )("%s %i is retried exactly once", async (method, status) => {
    server.answer = () => ({ status, body: { code: 1005, message: "Internal error" } });
    const error = await failure(client().api("/feeds", { method }));
    expect(error.status).toBe(status);
    expect(server.requests).toHaveLength(2);
  });

  it.each(READS.flatMap((method) => NOT_RETRIED.map((status) => [method, status] as const)))(
    "%s %i is not retried",
    async (method, status) => {
      server.answer = () => ({ status, body: { code: 1002, message: "Invalid parameter" } });
      await failure(client().api("/feeds", { method }));
      expect(server.requests).toHaveLength(1);
    },
  );

  it.each(
    WRITES.flatMap((method) => HTTP_RETRY_STATUSES.map((status) => [method, status] as const)),
  )("%s %i is never retried", async (method, status) => {
    server.answer = () => ({ status, body: { code: 1005, message: "Internal error" } });
    const error = await failure(client().api("/reads", { method, body: { entryIds: ["1"] } }));
    expect(error.method).toBe(method);
    expect(server.requests).toHaveLength(1);
  });

  it("a GET that fails once and then succeeds resolves with the second answer", async () => {
    let calls = 0;
    server.answer = () => (++calls === 1 ? { status: 503 } : { status: 200, body: { ok: true } });
    const { api, reactions } = client();
    await expect(api("/reads")).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(2);
    expect(reactions.toasts).toEqual([]);
    expect(reactions.networkResults).toEqual([true]);
  });

  it("a per-call retry option overrides the default", async () => {
    server.answer = () => ({ status: 503 });
    const { api } = client();
    await failure(api("/a", { retry: 0 }));
    expect(server.requests).toHaveLength(1);
    server.reset();
    server.answer = () => ({ status: 503 });
    await failure(api("/a", { retry: 2 }));
    expect(server.requests).toHaveLength(3);
    server.reset();
    server.answer = () => ({ status: 503 });
    await failure(api("/a", { method: "POST", retry: 1 }));
    expect(server.requests).toHaveLength(2);
  });

  it("network failures: GET tried twice, writes once, no toast, connectivity reported", async () => {
    const attempts: string[] = [];
    const reactions = recordingReactions();
    const { fetch: api } = createApiClient({
      baseURL: await unreachableBaseURL(),
      platform: "web",
      dev: false,
      reactions,
      retryDelayMs: 0,
      fetch: (input, init) => {
        attempts.push(init?.method ?? "GET");
        return globalThis.fetch(input, init);
      },
    });
    const error = await failure(api("/reads"));
    expect(error.status).toBeNull();
    expect(error.isNetworkError).toBe(true);
    expect(error.message).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/api\/reads failed: /);
    await failure(api("/reads", { method: "POST", body: {} }));
    expect(attempts).toEqual(["GET", "GET", "POST"]);
    expect(reactions.toasts).toEqual([]);
    expect(reactions.networkResults).toEqual([false, false]);
  });

  it("a call marked network: false (the live change stream) leaves connectivity alone", async () => {
    const reactions = recordingReactions();
    const { fetch: api } = createApiClient({
      baseURL: await unreachableBaseURL(),
      platform: "web",
      dev: false,
      reactions,
      retryDelayMs: 0,
    });
    const error = await failure(api.raw("/sync/stream", { retry: 0, network: false }));
    expect(error.isNetworkError).toBe(true);
    expect(reactions.networkResults).toEqual([]);
    expect(reactions.toasts).toEqual([]);
  });

  it("any status 400-599 on any method rejects with a FetchError carrying it", async () => {
    const { api } = client();
    await fc.assert(
      fc.asyncProperty(
        // The Fetch standard itself turns 407 (proxy authentication) into a network error, and
        // re-sends a request once on 421 (misdirected) on a fresh connection.
        fc.integer({ min: 400, max: 599 }).filter((status) => status !== 407 && status !== 421),
        fc.constantFrom(...READS, ...WRITES),
        async (status, method) => {
          server.reset();
          server.answer = () => ({ status, body: { code: 1002, message: "Invalid parameter" } });
          const error = await failure(api("/x?y=1", { method }));
          expect(error.status).toBe(status);
          expect(error.method).toBe(method);
          expect(error.url).toBe(`${server.baseURL}/x?y=1`);
          const retried = method in { GET: 1, HEAD: 1 } && HTTP_RETRY_STATUSES.includes(status);
          expect(server.requests).toHaveLength(retried ? 2 : 1);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("requests", () => {
  it("carry the app, version, client and session headers", async () => {
    await client({ platform: "desktop", dev: true }).api("/feeds");
    const headers = server.requests[0]!.headers;
    expect(headers[REQUEST_HEADERS.platform]).toBe("desktop");
    expect(headers[REQUEST_HEADERS.appName]).toBe(APP_NAME);
    expect(headers[REQUEST_HEADERS.appVersion]).toBe("0.6.1");
    expect(APP_VERSION).toBe("0.6.1");
    expect(headers[REQUEST_HEADERS.dev]).toBe("1");
    expect(headers[REQUEST_HEADERS.clientId]).toBe("client-1");
    expect(headers[REQUEST_HEADERS.sessionId]).toBe("session-1");
  });

  it("send no dev flag outside development, and keep them beside per-call headers", async () => {
    await client().api("/feeds", { headers: { "x-extra": "yes" } });
    const headers = server.requests[0]!.headers;
    expect(headers[REQUEST_HEADERS.dev]).toBeUndefined();
    expect(headers[REQUEST_HEADERS.platform]).toBe("web");
    expect(headers["x-extra"]).toBe("yes");
  });

  it("use a stable generated client id and session id by default", async () => {
    const options = { baseURL: server.baseURL, platform: "web" as const, dev: false };
    const a = createApiClient({ ...options, reactions: recordingReactions() });
    const b = createApiClient({ ...options, reactions: recordingReactions() });
    expect(a.headers[REQUEST_HEADERS.clientId]).toMatch(UUID);
    expect(a.headers[REQUEST_HEADERS.sessionId]).toMatch(UUID);
    expect(b.headers).toEqual(a.headers);
  });

  it("include credentials on every attempt", async () => {
    const seen: (RequestCredentials | undefined)[] = [];
    const { api } = client({
      fetch: (input, init) => {
        seen.push(init?.credentials);
        return globalThis.fetch(input, init);
      },
    });
    await api("/feeds");
    server.answer = () => ({ status: 503 });
    await failure(api("/feeds"));
    await failure(api("/reads", { method: "POST", body: {} }));
    expect(seen).toEqual(["include", "include", "include", "include"]);
  });

  it("resolve paths and queries against the base URL", async () => {
    await client().api("/feeds", { query: { id: "123", url: "https://a.example/feed" } });
    expect(server.requests[0]!.path).toBe("/api/feeds?id=123&url=https:%2F%2Fa.example%2Ffeed");
  });
});

describe("FetchError", () => {
  it("carries method, url, status and the server body", async () => {
    server.answer = () => ({
      status: 404,
      body: { code: 2001, message: "Feed not found", reason: "no feed 42" },
    });
    const error = await failure(client().api("/feeds", { query: { id: "42" } }));
    expect(error).toMatchObject({
      name: "FetchError",
      method: "GET",
      url: `${server.baseURL}/feeds?id=42`,
      status: 404,
      statusText: "Not Found",
      code: 2001,
      serverMessage: "Feed not found",
      reason: "no feed 42",
      aborted: false,
    });
    expect(error.message).toBe(
      `GET ${server.baseURL}/feeds?id=42 failed with 404 Not Found: Feed not found (code 2001)`,
    );
  });

  it("tolerates bodies of another shape", async () => {
    server.answer = () => ({ status: 502, body: "Bad gateway from proxy" });
    const error = await failure(client().api("/feeds", { method: "DELETE" }));
    expect(error.code).toBeUndefined();
    expect(error.data).toBe("Bad gateway from proxy");
    expect(error.message).toBe(`DELETE ${server.baseURL}/feeds failed with 502 Bad Gateway`);
  });

  it("marks aborted calls and reacts to nothing", async () => {
    const { api, reactions } = client();
    const controller = new AbortController();
    controller.abort();
    const error = await failure(api("/feeds", { signal: controller.signal }));
    expect(error.aborted).toBe(true);
    expect(error.isNetworkError).toBe(false);
    expect(reactions.networkResults).toEqual([]);
    expect(reactions.toasts).toEqual([]);
  });
});

describe("abortInFlight (signing out)", () => {
  it("aborts what is still waiting for an answer, quietly, and later calls go out as usual", async () => {
    const reactions = recordingReactions();
    const waiting: string[] = [];
    const { fetch: api, abortInFlight } = createApiClient({
      baseURL: server.baseURL,
      platform: "web",
      dev: false,
      reactions,
      retryDelayMs: 0,
      // The first request hangs until aborted; the next ones reach the scripted server.
      fetch: (input, init) => {
        if (waiting.length > 0) return globalThis.fetch(input, init);
        waiting.push(String(input));
        return new Promise((_, reject) =>
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
        );
      },
    });
    const hanging = failure(api("/auth/list-accounts"));
    await expect.poll(() => waiting.length).toBe(1);
    abortInFlight();
    const error = await hanging;
    expect(error.aborted).toBe(true);
    expect(reactions.toasts).toEqual([]);
    expect(reactions.signOuts).toBe(0);
    expect(server.requests).toHaveLength(0); // not sent again

    expect(await api("/feeds")).toEqual({ code: 0 });
    expect(server.requests.map((r) => r.path)).toEqual([expect.stringMatching(/\/feeds$/)]);
  });

  it("leaves a caller's own abort working", async () => {
    const { fetch: api } = createApiClient({
      baseURL: server.baseURL,
      platform: "web",
      dev: false,
      reactions: recordingReactions(),
      fetch: (_input, init) =>
        new Promise((_, reject) =>
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
        ),
    });
    const own = new AbortController();
    const call = failure(api("/feeds", { signal: own.signal }));
    own.abort();
    expect((await call).aborted).toBe(true);
  });
});
