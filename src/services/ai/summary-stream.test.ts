import { afterEach, describe, expect, it } from "vitest";
import type { ApiFetch } from "../../api/client.ts";
import { openMemoryDatabase } from "../../db/node.ts";
import type { LocalDatabase } from "../../db/types.ts";
import { summaryCacheKeys } from "./summary-cache.ts";
import { type SummaryState, streamSummary } from "./summary-stream.ts";

/** An API whose summary stream answers the given NDJSON text, split into the given pieces. */
function apiAnswering(pieces: string[], seen: string[] = []): ApiFetch {
  return (async (path: string) => {
    seen.push(path);
    return new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
        controller.close();
      },
    });
  }) as unknown as ApiFetch;
}

let db: LocalDatabase | undefined;
afterEach(async () => {
  await db?.close();
});

describe("streamSummary", () => {
  it("reports the pieces, then stores the whole in follow.db and the memory cache", async () => {
    db = await openMemoryDatabase();
    const states: SummaryState[] = [];
    const api = apiAnswering([
      '{"type":"delta","text":"Hel',
      'lo"}\n{"type":"delta","text":" world"}\n',
      '{"type":"done","summary":"Hello world","kind":"model"}\n',
    ]);
    const final = await streamSummary(
      api,
      db,
      { id: "1234567890123", language: "en", target: "content" },
      (s) => states.push(s),
    );
    expect(final).toEqual({ status: "done", text: "Hello world", kind: "model" });
    expect(states.map((s) => (s.status === "pending" ? s.text : s.status))).toEqual([
      "",
      "Hello",
      "Hello world",
      "done",
    ]);
    const rows = await db.query("SELECT entry_id, language, summary FROM summaries");
    expect(rows).toEqual([{ entry_id: "1234567890123", language: "en", summary: "Hello world" }]);
    expect(summaryCacheKeys()).toContain("1234567890123\nen");

    // The full-text summary goes beside it; a repeat comes from memory, with no request.
    const seen: string[] = [];
    await streamSummary(
      apiAnswering(['{"type":"done","summary":"Full","kind":"extractive"}\n'], seen),
      db,
      { id: "1234567890123", language: "en", target: "readabilityContent" },
      () => {},
    );
    expect(
      await db.query("SELECT summary, readability_summary FROM summaries WHERE entry_id = ?", [
        "1234567890123",
      ]),
    ).toEqual([{ summary: "Hello world", readability_summary: "Full" }]);
    await streamSummary(
      apiAnswering([], seen),
      db,
      { id: "1234567890123", language: "en", target: "content" },
      () => {},
    );
    expect(seen).toHaveLength(1);
  });

  it("ends in an error state with the coded reason the stream carried", async () => {
    db = await openMemoryDatabase();
    const final = await streamSummary(
      apiAnswering([
        '{"type":"error","code":1005,"message":"Internal error","reason":"the AI provider answered 500"}\n',
      ]),
      db,
      { id: "2234567890123", language: "ja", target: "content" },
      () => {},
    );
    expect(final).toEqual({
      status: "error",
      code: 1005,
      message: "Internal error",
      reason: "the AI provider answered 500",
    });
    expect(await db.query("SELECT * FROM summaries")).toEqual([]);
  });
});
