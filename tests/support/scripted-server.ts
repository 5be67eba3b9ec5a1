import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Test helper: a real HTTP server on 127.0.0.1 that answers what the test scripts and records
 * every request, so the client is exercised over actual sockets.
 */
export interface ScriptedAnswer {
  status: number;
  body?: unknown;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface ScriptedServer {
  baseURL: string;
  requests: RecordedRequest[];
  /** The answer for every request until changed. */
  answer: (request: RecordedRequest) => ScriptedAnswer;
  reset(): void;
  close(): Promise<void>;
}

const OK: ScriptedAnswer = { status: 200, body: { code: 0 } };

export async function startScriptedServer(): Promise<ScriptedServer> {
  const state: ScriptedServer = {
    baseURL: "",
    requests: [],
    answer: () => OK,
    reset() {
      state.requests = [];
      state.answer = () => OK;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const recorded: RecordedRequest = {
        method: req.method ?? "GET",
        path: req.url ?? "/",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      state.requests.push(recorded);
      const { status, body } = state.answer(recorded);
      if (body === undefined) {
        res.writeHead(status).end();
        return;
      }
      const text = typeof body === "string" ? body : JSON.stringify(body);
      const type = typeof body === "string" ? "text/plain" : "application/json";
      res.writeHead(status, { "content-type": type }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  state.baseURL = `http://127.0.0.1:${port}/api`;
  return state;
}

/** A base URL on a port nobody listens on (the port is taken and released at once). */
export async function unreachableBaseURL(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/api`;
}
