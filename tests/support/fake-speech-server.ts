import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for an OpenAI-compatible text-to-speech API on 127.0.0.1, in its documented
 * shape: `POST /v1/audio/speech` with a Bearer key and `{model, input, voice, response_format}`
 * answers the audio bytes (audio/mpeg for mp3), streamed in chunks; errors as
 * `{error: {message, type, param, code}}`. The "audio" is a fake MP3 frame per call, derived from
 * the input, so a test can tell which text was spoken in which order.
 */
export interface SpeechCall {
  authorization: string | undefined;
  body: { model: string; input: string; voice: string; response_format?: string };
}

export class FakeSpeechServer {
  private server: Server | undefined;
  readonly calls: SpeechCall[] = [];
  /** Status codes answered (with an error body) instead of the next calls' audio. */
  readonly failures: number[] = [];
  apiKey = "speech-key";
  baseUrl = "";
  /** The bytes answered for a call (tests that play it in a browser answer real MP3). */
  audio: (call: SpeechCall) => Buffer = (call) => fakeAudio(call.body.input, call.body.voice);

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
    if (request.method !== "POST" || request.url !== "/v1/audio/speech") {
      return error(response, 404, "Unknown request URL", "invalid_request_error");
    }
    if (request.headers.authorization !== `Bearer ${this.apiKey}`) {
      return error(response, 401, "Incorrect API key provided", "invalid_request_error");
    }
    const call: SpeechCall = {
      authorization: request.headers.authorization,
      body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
    };
    this.calls.push(call);
    if (call.body.input.length > 4096) {
      return error(
        response,
        400,
        "input is too long (max 4096 characters)",
        "invalid_request_error",
      );
    }
    const failure = this.failures.shift();
    if (failure) return error(response, failure, "The server had an error", "server_error");
    response.writeHead(200, { "content-type": "audio/mpeg", "transfer-encoding": "chunked" });
    const audio = this.audio(call);
    // Streamed in two pieces, as a real provider sends audio while it is made.
    response.write(audio.subarray(0, 8));
    await new Promise((done) => setTimeout(done, 5));
    response.end(audio.subarray(8));
  }
}

/** The bytes the fake answers for a text: an MP3 frame header, then a digest of voice and input. */
export function fakeAudio(input: string, voice: string): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xfb, 0x90, 0x64]),
    createHash("sha256").update(`${voice}\n${input}`).digest(),
  ]);
}

function error(response: ServerResponse, status: number, message: string, type: string) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify({ error: { message, type, param: null, code: null } }));
}

/**
 * Real MP3 that browsers play: `frames` silent MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz,
 * 417 bytes each, about 26 ms of silence apiece).
 */
export function silentMp3(frames: number): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}
