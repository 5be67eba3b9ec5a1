import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalServer, startLocalServer } from "../../tests/ingest/local-server.ts";
import { type ConnectGuard, connectGuard } from "./guarded-connect.ts";
import { createHttpClient, discard, type HttpClient } from "./http-client.ts";
import { addressPolicy } from "./ip-policy.ts";

let server: LocalServer;
const sockets = new Set<Socket>();

beforeAll(async () => {
  server = await startLocalServer((request, response) => {
    sockets.add(request.socket);
    if (request.url === "/stall-body") {
      // Headers, one chunk, then nothing: only the idle clock can end this.
      response.writeHead(200, { "content-type": "text/plain" });
      response.write("first chunk");
      return;
    }
    if (request.url === "/reset-mid-body") {
      response.writeHead(200, { "content-length": "100000" });
      response.write("x".repeat(1000), () => request.socket.destroy());
      return;
    }
    if (request.url === "/long-redirect") {
      response.writeHead(302, { location: "/", "content-length": "1000000" });
      response.end("x".repeat(1_000_000));
      return;
    }
    response.writeHead(200, { "content-type": "text/plain" }).end(`answer to ${request.url}`);
  });
});

afterAll(() => server.close());

const loopbackGuard = () => connectGuard(addressPolicy(["127.0.0.1/32"]));

function client(overrides: { guard?: ConnectGuard; idleTimeoutMs?: number } = {}): HttpClient {
  return createHttpClient({
    guard: overrides.guard ?? loopbackGuard(),
    connectTimeoutMs: 300,
    idleTimeoutMs: overrides.idleTimeoutMs ?? 5_000,
    keepAliveMs: 4_000,
  });
}

const get = { method: "GET", headers: {} };

async function text(answer: { body: AsyncIterable<unknown> }): Promise<string> {
  let out = "";
  for await (const chunk of answer.body) out += String(chunk);
  return out;
}

describe("the fetcher's HTTP client", () => {
  it("keeps a connection open for the next request to the same origin", async () => {
    const http = client();
    sockets.clear();
    for (const path of ["/a", "/b", "/c"]) {
      const answer = await http.request(new URL(path, server.origin), get);
      expect(answer.status).toBe(200);
      expect(await text(answer)).toBe(`answer to ${path}`);
    }
    expect(sockets.size).toBe(1);
    http.close();
  });

  it("ends a connection that is not up within the connect timeout (a lookup that never answers)", async () => {
    const guard = loopbackGuard();
    const http = client({ guard: { ...guard, lookup: () => {} } });
    const failure = await http.request(new URL("http://feeds.example/"), get).catch((e) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(failure.code).toBe("ETIMEDOUT");
    expect(failure.message).toContain("no connection within 0.3 s");
    http.close();
  });

  it("ends an answer whose body stops arriving (idle clock), as an error of the body", async () => {
    const http = client({ idleTimeoutMs: 200 });
    const answer = await http.request(new URL("/stall-body", server.origin), get);
    expect(answer.status).toBe(200);
    const failure = await text(answer).catch((e) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(failure.code).toBe("ETIMEDOUT");
    http.close();
  });

  it("reports a connection reset mid-body to the reader and nothing else", async () => {
    const http = client();
    const answer = await http.request(new URL("/reset-mid-body", server.origin), get);
    const failure = await text(answer).catch((e) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(failure.code).toBe("ECONNRESET");
    // The client still works afterwards (nothing was left unhandled).
    expect(await text(await http.request(new URL("/after", server.origin), get))).toBe(
      "answer to /after",
    );
    http.close();
  });

  it("refuses a forbidden literal address before connecting", async () => {
    const http = client();
    const before = server.requests.length;
    const failure = await http
      .request(new URL(`http://[::1]:${server.port}/`), get)
      .catch((e) => e);
    expect(failure.kind).toBe("blocked-address");
    expect(server.requests.length).toBe(before);
    http.close();
  });

  it("lets a long unwanted body go by closing its connection, a short one by reading it", async () => {
    const http = client();
    sockets.clear();
    const long = await http.request(new URL("/long-redirect", server.origin), get);
    await discard(long.body);
    expect(long.body.destroyed).toBe(true);
    const short = await http.request(new URL("/short", server.origin), get);
    await discard(short.body);
    expect(short.body.complete).toBe(true);
    expect(sockets.size).toBe(2);
    http.close();
  });
});
