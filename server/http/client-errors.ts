import type { EventEmitter } from "node:events";
import type { Duplex } from "node:stream";

/** Node's parser errors that mean "the request was too big", and the status each deserves. */
const TOO_LARGE: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_URI_TOO_LONG: 414,
};

/**
 * Requests Node refuses before the app sees them (a request line or headers past its ~16 KB
 * limit, a malformed request) are answered with the API's refusal shape, `{code, message}`,
 * instead of Node's bare status line, so a client reads every refusal the same way.
 */
export function answerClientErrors(server: EventEmitter): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable) return socket.destroy();
    const status = TOO_LARGE[error.code ?? ""] ?? 400;
    const body = JSON.stringify({
      code: 1002,
      message: "Invalid parameter",
      reason: status === 400 ? "malformed request" : "request headers too large",
    });
    const reason =
      status === 431
        ? "Request Header Fields Too Large"
        : status === 414
          ? "URI Too Long"
          : "Bad Request";
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
}
