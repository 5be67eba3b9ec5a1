import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { endpointInfo, endpoints } from "../../contract/api/index.ts";
import { recordingReactions } from "../../tests/support/recording-reactions.ts";
import { type ScriptedServer, startScriptedServer } from "../../tests/support/scripted-server.ts";
import { ANSWER_MISMATCH_CODE, INVALID_REQUEST_CODE } from "./call.ts";
import { createApiClient } from "./client.ts";
import { FetchError } from "./fetch-error.ts";

const ENTRY_ID = "1234567890123";
const FEED = {
  type: "feed",
  id: "9876543210987",
  url: "https://example.com/feed.xml",
  title: "Example",
  description: null,
  image: null,
  siteUrl: null,
  ownerUserId: null,
  errorAt: null,
  errorMessage: null,
};

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

function client() {
  const reactions = recordingReactions();
  const { fetch } = createApiClient({
    baseURL: server.baseURL,
    platform: "web",
    dev: false,
    reactions,
    retryDelayMs: 0,
  });
  return { call: fetch.call, reactions };
}

async function failure(call: Promise<unknown>): Promise<FetchError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchError);
  return error as FetchError;
}

describe("typed call over the endpoint table", () => {
  it("sends a GET's request as its query string, encoded (numbers as text)", async () => {
    server.answer = () => ({
      status: 200,
      body: {
        code: 0,
        data: {
          feed: FEED,
          entries: [],
          subscriptionCount: 2,
          analytics: { updatesPerWeek: 1, subscriptionCount: 2, latestEntryPublishedAt: null },
        },
      },
    });
    const { call } = client();
    const answer = await call(endpoints.feeds.get, {
      url: "https://a.example/x?y=1",
      entriesLimit: 3,
    });
    expect(answer.data.feed.title).toBe("Example");
    const [request] = server.requests;
    expect(request?.method).toBe("GET");
    const url = new URL(request!.path, "http://x");
    expect(url.pathname).toBe("/api/feeds");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      url: "https://a.example/x?y=1",
      entriesLimit: "3",
    });
  });

  it("sends a write's request as its JSON body with the declared method", async () => {
    const { call } = client();
    await expect(call(endpoints.reads.markRead, { entryIds: [ENTRY_ID] })).resolves.toEqual({
      code: 0,
    });
    expect(server.requests[0]).toMatchObject({ method: "POST", path: "/api/reads" });
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ entryIds: [ENTRY_ID] });
  });

  it("fills path parameters, escaped", async () => {
    const { call } = client();
    await call(endpoints.settings.patch, { theme: "dark" }, { params: { tab: "appearance" } });
    expect(server.requests[0]).toMatchObject({ method: "PATCH", path: "/api/settings/appearance" });
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ theme: "dark" });
  });

  it("refuses an input its request Schema rejects with 1002, without sending it", async () => {
    const { call, reactions } = client();
    const error = await failure(call(endpoints.reads.markRead, { entryIds: ["not an id"] }));
    expect(error.code).toBe(INVALID_REQUEST_CODE);
    expect(error.reason).toMatch(/entity id/);
    expect(server.requests).toHaveLength(0);
    expect(reactions.networkResults).toEqual([]);
  });

  it("an answer that does not match the response Schema is a coded error, toasted", async () => {
    server.answer = () => ({ status: 200, body: { code: 0, data: [{ entries: "nope" }] } });
    const { call, reactions } = client();
    const error = await failure(call(endpoints.entries.list, {}));
    expect(error.status).toBe(200);
    expect(error.code).toBe(ANSWER_MISMATCH_CODE);
    expect(error.reason).toMatch(/does not match the API/);
    expect(reactions.toasts).toHaveLength(1);
    // An answer came: the connection is fine.
    expect(reactions.networkResults).toEqual([true]);
  });

  it("a mismatch of a silent call is not toasted", async () => {
    server.answer = () => ({ status: 200, body: "<html>a proxy page</html>" });
    const { call, reactions } = client();
    const error = await failure(call(endpoints.subscriptions.list, {}, { silent: true }));
    expect(error.code).toBe(ANSWER_MISMATCH_CODE);
    expect(reactions.toasts).toEqual([]);
  });

  it("a 2xx answer with another code than 0 is a refusal with that code", async () => {
    server.answer = () => ({ status: 200, body: { code: 3000, message: "Entry not found" } });
    const { call } = client();
    const error = await failure(call(endpoints.reads.markUnread, { entryId: ENTRY_ID }));
    expect(error.code).toBe(3000);
  });

  it("keeps the client's retry and error behaviour: a GET is retried once, a 4xx kept", async () => {
    let calls = 0;
    server.answer = () =>
      ++calls === 1 ? { status: 503 } : { status: 200, body: { code: 0, data: {} } };
    const { call } = client();
    await expect(call(endpoints.reads.unread, {})).resolves.toEqual({ code: 0, data: {} });
    expect(server.requests).toHaveLength(2);
    server.reset();
    server.answer = () => ({ status: 404, body: { code: 3000, message: "Entry not found" } });
    const error = await failure(call(endpoints.entries.get, { id: ENTRY_ID }));
    expect([error.status, error.code]).toEqual([404, 3000]);
    expect(server.requests).toHaveLength(1);
  });

  it("reads an NDJSON answer line by line with the line Schema", async () => {
    server.answer = () => ({
      status: 200,
      body: `${JSON.stringify({ id: ENTRY_ID, content: "<p>a</p>" })}\n${JSON.stringify({ id: "2", content: null })}\n`,
    });
    const { call } = client();
    await expect(call(endpoints.entries.stream, { ids: [ENTRY_ID] })).resolves.toEqual([
      { id: ENTRY_ID, content: "<p>a</p>" },
      { id: "2", content: null },
    ]);
    server.answer = () => ({ status: 200, body: '{"id":"1","content":"x"}\nnot json\n' });
    expect((await failure(call(endpoints.entries.stream, { ids: [ENTRY_ID] }))).code).toBe(
      ANSWER_MISMATCH_CODE,
    );
  });
});

describe("a call of the light half (endpointInfo), as before the first paint", () => {
  /** A client from fresh modules: the Schemas (codec.ts) not loaded yet, as at start-up. */
  async function coldClient(loadSchemasAfter?: Promise<unknown>) {
    vi.resetModules();
    const calls = await import("./call.ts");
    const { createApiClient: create } = await import("./client.ts");
    const reactions = recordingReactions();
    const { fetch } = create({
      baseURL: server.baseURL,
      platform: "web",
      dev: false,
      reactions,
      retryDelayMs: 0,
      ...(loadSchemasAfter ? { loadSchemasAfter } : {}),
    });
    return { call: fetch.call, loadedCodec: calls.loadedCodec, reactions };
  }

  /** A first paint to come: `paint()` lets the Schemas load. */
  function firstPaint() {
    let paint: () => void = () => undefined;
    const painted = new Promise<void>((resolve) => {
      paint = resolve;
    });
    return { painted, paint: () => paint() };
  }

  /** A rejection with the fresh modules' FetchError (another class than the one imported here). */
  async function coldFailure(call: Promise<unknown>): Promise<FetchError> {
    const error = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as Error).constructor.name).toBe("FetchError");
    return error as FetchError;
  }

  it("sends the input as given without waiting for the Schemas, then decodes the answer", async () => {
    server.answer = () => ({ status: 200, body: { code: 0, data: [] } });
    const { call, loadedCodec } = await coldClient();
    expect(loadedCodec()).toBeUndefined();
    const pending = call(endpointInfo.entries.list, { limit: 20 });
    await expect(pending).resolves.toEqual({ code: 0, data: [] });
    expect(server.requests[0]).toMatchObject({ method: "POST", path: "/api/entries" });
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ limit: 20 });
    expect(loadedCodec()).toBeDefined();
  });

  it("rejects an answer that does not match with 1005, as the schema half does", async () => {
    server.answer = () => ({ status: 200, body: { code: 0, data: [{ entries: "nope" }] } });
    const { call } = await coldClient();
    const error = await coldFailure(call(endpointInfo.entries.list, {}, { silent: true }));
    expect([error.status, error.code]).toEqual([200, ANSWER_MISMATCH_CODE]);
    server.answer = () => ({ status: 200, body: { code: 0, data: { unread: "many" } } });
    expect((await coldFailure(call(endpointInfo.reads.unread, {}, { silent: true }))).code).toBe(
      ANSWER_MISMATCH_CODE,
    );
  });

  it("fills path parameters and reads NDJSON before the Schemas load", async () => {
    const { call } = await coldClient();
    // Not a tab the server knows: a value to escape.
    const tab = "a b" as "general";
    await call(endpointInfo.settings.patch, { theme: "dark" }, { params: { tab } });
    expect(server.requests[0]).toMatchObject({ method: "PATCH", path: "/api/settings/a%20b" });
    const cold = await coldClient();
    server.answer = () => ({ status: 200, body: `${JSON.stringify({ id: "1", content: "x" })}\n` });
    await expect(cold.call(endpointInfo.entries.stream, { ids: [ENTRY_ID] })).resolves.toEqual([
      { id: "1", content: "x" },
    ]);
  });

  it("once the Schemas have loaded, encodes first: an invalid input is not sent", async () => {
    const { call } = client();
    await call(endpoints.reads.markRead, { entryIds: [ENTRY_ID] });
    server.reset();
    const error = await failure(call(endpointInfo.reads.markRead, { entryIds: ["not an id"] }));
    expect(error.code).toBe(INVALID_REQUEST_CODE);
    expect(server.requests).toHaveLength(0);
  });

  it("checkLater: the answer is used before the paint, decoded after it", async () => {
    const { painted, paint } = firstPaint();
    server.answer = () => ({ status: 200, body: { code: 0, data: { feed: 3 } } });
    const { call, loadedCodec } = await coldClient(painted);
    let check: Promise<void> | undefined;
    const answer = await call(endpointInfo.reads.unread, {}, { checkLater: (c) => (check = c) });
    expect(answer).toEqual({ code: 0, data: { feed: 3 } });
    expect(loadedCodec()).toBeUndefined(); // Nothing of Effect before the paint.
    paint();
    await expect(check).resolves.toBeUndefined();
    expect(loadedCodec()).toBeDefined();
  });

  it("checkLater: a mismatch found after the paint rejects the check with 1005", async () => {
    const { painted, paint } = firstPaint();
    server.answer = () => ({ status: 200, body: { code: 0, data: { feed: "three" } } });
    const { call, reactions } = await coldClient(painted);
    let check: Promise<void> | undefined;
    await call(endpointInfo.reads.unread, {}, { checkLater: (c) => (check = c) });
    paint();
    const error = await coldFailure(check as Promise<void>);
    expect(error.code).toBe(ANSWER_MISMATCH_CODE);
    expect(reactions.toasts).toHaveLength(1); // Reported like any failed call.
  });

  it("checkLater: a refusal still rejects at once, before the paint", async () => {
    const { painted } = firstPaint();
    server.answer = () => ({ status: 200, body: { code: 3000, message: "Entry not found" } });
    const { call, loadedCodec } = await coldClient(painted);
    const error = await coldFailure(
      call(endpointInfo.reads.unread, {}, { silent: true, checkLater: () => undefined }),
    );
    expect(error.code).toBe(3000);
    expect(loadedCodec()).toBeUndefined();
  });

  it("without checkLater a light call waits for the paint to decode its answer", async () => {
    const { painted, paint } = firstPaint();
    server.answer = () => ({ status: 200, body: { code: 0, data: {} } });
    const { call } = await coldClient(painted);
    let settled = false;
    const pending = call(endpointInfo.reads.unread, {}).finally(() => {
      settled = true;
    });
    await vi.waitFor(() => expect(server.requests).toHaveLength(1)); // Sent at once...
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false); // ...decoded only once the Schemas may load.
    paint();
    await expect(pending).resolves.toEqual({ code: 0, data: {} });
  });
});
