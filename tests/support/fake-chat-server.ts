import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for an OpenAI-compatible chat-completions API on 127.0.0.1, speaking its
 * documented shapes: `POST /v1/chat/completions` with a Bearer key; `stream: true` answers
 * `text/event-stream` with `chat.completion.chunk` events and `data: [DONE]`, otherwise one
 * `chat.completion`; errors as `{error: {message, type, code}}`. Tests script the answer, hold
 * the stream open between pieces, and queue failures (429 with Retry-After, 5xx).
 */
export interface ChatCall {
  authorization: string | undefined;
  body: {
    model: string;
    stream?: boolean;
    max_tokens?: number;
    messages: { role: string; content: string }[];
  };
}

export class FakeChatServer {
  private server: Server | undefined;
  readonly calls: ChatCall[] = [];
  /** The Authorization header of every request that arrived, accepted or not. */
  readonly authorizations: (string | undefined)[] = [];
  /** Status codes answered (with an error body) before the next real answers. */
  readonly failures: { status: number; retryAfter?: string }[] = [];
  /** The answer's pieces, streamed one event each. */
  answer: (call: ChatCall) => string[] = () => ["A summary ", "written by ", "the model."];
  /** Every answer waits for this first, streamed or not (undefined: no wait). */
  hold: Promise<void> | undefined;
  /** Resolve to let the stream go on after its first piece (undefined: no pause). */
  gate: Promise<void> | undefined;
  apiKey = "test-key";
  baseUrl = "";

  async start(): Promise<this> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((done) => this.server!.listen(0, "127.0.0.1", done));
    this.baseUrl = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((done) => this.server?.close(done));
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    this.authorizations.push(request.headers.authorization);
    if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
      return error(response, 404, "Unknown request URL", "invalid_request_error", "unknown_url");
    }
    if (request.headers.authorization !== `Bearer ${this.apiKey}`) {
      return error(
        response,
        401,
        "Incorrect API key provided",
        "invalid_request_error",
        "invalid_api_key",
      );
    }
    const call: ChatCall = {
      authorization: request.headers.authorization,
      body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
    };
    this.calls.push(call);
    if (this.hold) await this.hold;
    const failure = this.failures.shift();
    if (failure) {
      if (failure.retryAfter) response.setHeader("retry-after", failure.retryAfter);
      return error(
        response,
        failure.status,
        failure.status === 429 ? "Rate limit reached" : "The server had an error",
        failure.status === 429 ? "requests" : "server_error",
        failure.status === 429 ? "rate_limit_exceeded" : null,
      );
    }
    const pieces = this.answer(call);
    const id = `chatcmpl-${this.calls.length}`;
    const created = Math.floor(Date.now() / 1000);
    const model = call.body.model;
    if (!call.body.stream) {
      response.writeHead(200, { "content-type": "application/json" });
      return response.end(
        JSON.stringify({
          id,
          object: "chat.completion",
          created,
          model,
          choices: [
            {
              index: 0,
              message: { role: "assistant", content: pieces.join(""), refusal: null },
              logprobs: null,
              finish_reason: "stop",
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        }),
      );
    }
    response.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
    });
    const event = (delta: object, finish: string | null) =>
      `data: ${JSON.stringify({
        id,
        object: "chat.completion.chunk",
        created,
        model,
        system_fingerprint: "fp_test",
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      })}\n\n`;
    response.write(event({ role: "assistant", content: "", refusal: null }, null));
    for (const [index, piece] of pieces.entries()) {
      response.write(event({ content: piece }, null));
      if (index === 0 && this.gate) await this.gate;
    }
    response.write(event({}, "stop"));
    response.end("data: [DONE]\n\n");
  }
}

function error(
  response: ServerResponse,
  status: number,
  message: string,
  type: string,
  code: string | null,
) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify({ error: { message, type, param: null, code } }));
}
