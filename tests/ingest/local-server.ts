import http from "node:http";
import type { AddressInfo } from "node:net";

/** A real HTTP server on 127.0.0.1 with a port of its own, for fetch and discovery tests. */
export interface LocalServer {
  /** e.g. "http://127.0.0.1:54321" */
  origin: string;
  port: number;
  /** Requests seen so far, in order. */
  requests: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders }>;
  close(): Promise<void>;
}

export type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => unknown;

export async function startLocalServer(handler: Handler): Promise<LocalServer> {
  const requests: LocalServer["requests"] = [];
  const server = http.createServer((request, response) => {
    requests.push({
      method: request.method ?? "GET",
      url: request.url ?? "/",
      headers: request.headers,
    });
    Promise.resolve(handler(request, response)).catch((error) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
