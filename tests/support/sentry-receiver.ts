import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync, inflateSync } from "node:zlib";

/** One item of an envelope: its header and its payload (parsed when JSON). */
export interface EnvelopeItem {
  type: string;
  header: Record<string, unknown>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary event JSON.
  payload: any;
  /** The payload's raw bytes as text (for scanning), binary items included. */
  raw: string;
}

export interface ReceivedEnvelope {
  path: string;
  header: Record<string, unknown>;
  items: EnvelopeItem[];
}

/**
 * A Sentry-compatible ingest endpoint on 127.0.0.1 (what Sentry or GlitchTip answer at
 * `/api/<project>/envelope/`): it parses the envelope format (a header line, then items each a
 * header line and a payload of the given length or up to the newline) and keeps everything.
 */
export class SentryReceiver {
  private server: Server | undefined;
  readonly envelopes: ReceivedEnvelope[] = [];
  baseUrl = "";

  /** A DSN pointing here (project 1). */
  get dsn(): string {
    const url = new URL(this.baseUrl);
    return `http://publickey@${url.host}/1`;
  }

  /** Error events (items of type "event"), in arrival order. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary event JSON.
  get events(): any[] {
    return this.envelopes.flatMap((e) =>
      e.items.filter((i) => i.type === "event").map((i) => i.payload),
    );
  }

  async start(): Promise<this> {
    this.server = createServer(async (request, response) => {
      response.setHeader("access-control-allow-origin", "*");
      response.setHeader("access-control-allow-headers", "*");
      response.setHeader("access-control-allow-methods", "POST, OPTIONS");
      if (request.method === "OPTIONS") {
        response.writeHead(204).end();
        return;
      }
      try {
        const body = decode(request, await readAll(request));
        this.envelopes.push({ path: request.url ?? "", ...parseEnvelope(body) });
        response.writeHead(200, { "content-type": "application/json" }).end("{}");
      } catch (error) {
        response.writeHead(400).end(String(error));
      }
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", () => resolve()));
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${port}`;
    return this;
  }

  /** Resolves once `predicate` holds for what arrived (polls; the caller's test has a timeout). */
  async waitFor<T>(read: () => T | undefined | null | false): Promise<T> {
    for (;;) {
      const value = read();
      if (value) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}

async function readAll(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function decode(request: IncomingMessage, body: Buffer): Buffer {
  const encoding = request.headers["content-encoding"];
  if (encoding === "gzip") return gunzipSync(body);
  if (encoding === "deflate") return inflateSync(body);
  return body;
}

export function parseEnvelope(body: Buffer): Omit<ReceivedEnvelope, "path"> {
  let offset = 0;
  const line = (): Buffer => {
    const end = body.indexOf(0x0a, offset);
    const slice = body.subarray(offset, end === -1 ? body.length : end);
    offset = end === -1 ? body.length : end + 1;
    return slice;
  };
  const header = JSON.parse(line().toString("utf8")) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (offset < body.length) {
    const headerLine = line().toString("utf8").trim();
    if (!headerLine) continue;
    const itemHeader = JSON.parse(headerLine) as Record<string, unknown>;
    let payload: Buffer;
    if (typeof itemHeader.length === "number") {
      payload = body.subarray(offset, offset + itemHeader.length);
      offset += itemHeader.length;
      if (body[offset] === 0x0a) offset += 1;
    } else {
      payload = line();
    }
    const raw = (
      itemHeader.type === "replay_recording" ? replayRecording(payload) : payload
    ).toString("utf8");
    let parsed: unknown = raw;
    try {
      parsed = JSON.parse(raw);
    } catch {}
    items.push({ type: String(itemHeader.type), header: itemHeader, payload: parsed, raw });
  }
  return { header, items };
}

/**
 * A replay's recording: a header line, then the rrweb events as JSON, usually zlib-compressed by
 * the SDK; inflated here so the tests' scan for private text reads what the page recorded.
 */
function replayRecording(payload: Buffer): Buffer {
  const end = payload.indexOf(0x0a);
  if (end === -1) return payload;
  const data = payload.subarray(end + 1);
  try {
    return Buffer.concat([payload.subarray(0, end + 1), inflateSync(data)]);
  } catch {
    return payload;
  }
}
