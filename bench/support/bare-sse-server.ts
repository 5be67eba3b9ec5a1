import { createServer, type ServerResponse } from "node:http";

/**
 * The baseline of the live change stream's round trip: a trivial node:http SSE server (no
 * session, no database). A POST to /poke writes one event to every open /stream and answers 204;
 * every HEARTBEAT_MS a `: ping` comment goes to every stream, as the server's heartbeat does.
 */
const streams = new Set<ServerResponse>();
let version = 0;
const server = createServer((request, response) => {
  if (request.url === "/stream") {
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    response.write("retry: 2000\n\n");
    streams.add(response);
    request.on("close", () => streams.delete(response));
    return;
  }
  request.resume();
  request.on("end", () => {
    version += 1;
    const event = `id: ${version}\nevent: poke\ndata: {"version":"${version}","scopes":["state"]}\n\n`;
    for (const stream of streams) stream.write(event);
    response.writeHead(204).end();
  });
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address && typeof address === "object") {
    process.send?.({ url: `http://127.0.0.1:${address.port}` });
  }
});
const heartbeatMs = Number(process.env.HEARTBEAT_MS ?? 15_000);
setInterval(() => {
  for (const stream of streams) stream.write(": ping\n\n");
}, heartbeatMs).unref();
process.on("SIGTERM", () => process.exit(0));
