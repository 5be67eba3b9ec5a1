import { describe, expect, it } from "vitest";
import { EventParser, type Poke, startLiveStream } from "./live-stream.ts";

const encoder = new TextEncoder();

/** A stream the test writes Server-Sent Events text into, then ends or errors. */
function scriptedBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    body,
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    fail: () => controller.error(new Error("dropped")),
  };
}

const poke = (version: number, scopes: string[] = []) =>
  `id: ${version}\nevent: poke\ndata: ${JSON.stringify({ version: String(version), scopes })}\n\n`;

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe("the change stream's wire format", () => {
  it("parses events split anywhere, CRLF or LF, and skips comments (heartbeats)", () => {
    const events: { type: string; data: string; id?: string }[] = [];
    const parser = new EventParser((event) => events.push(event));
    const text = `retry: 2000\r\n\r\n: ping\r\n\r\n${poke(7, ["state"]).replaceAll("\n", "\r\n")}data: a\ndata: b\n\n`;
    for (const char of text) parser.push(char);
    expect(events).toEqual([
      { type: "poke", data: '{"version":"7","scopes":["state"]}', id: "7" },
      { type: "message", data: "a\nb", id: "7" },
    ]);
  });
});

describe("the change stream's connection", () => {
  it("hands pokes on, reconnects after a drop and resumes from the last version", async () => {
    const bodies: ReturnType<typeof scriptedBody>[] = [];
    const asked: (string | undefined)[] = [];
    const pokes: Poke[] = [];
    const live: boolean[] = [];
    const stream = startLiveStream({
      connect: async (lastVersion) => {
        asked.push(lastVersion);
        const body = scriptedBody();
        bodies.push(body);
        return body.body;
      },
      onPoke: (p) => pokes.push(p),
      onLive: (up) => live.push(up),
      backoff: { baseMs: 20, maxMs: 40, jitter: false },
    });
    await until(() => bodies.length === 1);
    bodies[0]!.write(poke(3));
    bodies[0]!.write(": ping\n\n");
    bodies[0]!.write(poke(4, ["state", "entries"]));
    await until(() => pokes.length === 2);
    bodies[0]!.fail();
    await until(() => bodies.length === 2);
    bodies[1]!.write(poke(9));
    await until(() => pokes.length === 3);
    stream.stop();

    expect(asked).toEqual([undefined, "4"]);
    expect(pokes).toEqual([
      { version: "3", scopes: [] },
      { version: "4", scopes: ["state", "entries"] },
      { version: "9", scopes: [] },
    ]);
    expect(live).toEqual([true, false, true]);
  });

  it("backs off while the server refuses, and takes a silent connection for dead", async () => {
    let attempts = 0;
    const bodies: ReturnType<typeof scriptedBody>[] = [];
    const stream = startLiveStream({
      connect: async () => {
        attempts += 1;
        if (attempts <= 2) throw new Error("503");
        const body = scriptedBody();
        bodies.push(body);
        return body.body;
      },
      onPoke: () => undefined,
      onLive: () => undefined,
      backoff: { baseMs: 10, maxMs: 20, jitter: false },
      silenceMs: 50,
    });
    // Two refusals, then a connection that never says anything: dropped after the silence.
    await until(() => bodies.length >= 2);
    stream.stop();
    expect(attempts).toBeGreaterThanOrEqual(4);
  });
});
