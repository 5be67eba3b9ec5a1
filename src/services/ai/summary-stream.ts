import type { SummaryKind, SummaryTarget } from "../../../contract/ai.ts";
import { endpointInfo } from "../../../contract/api/info.ts";
import type { ApiFetch } from "../../api/client.ts";
import { local, statement } from "../../db/local-sql.ts";
import type { LocalDatabase } from "../../db/types.ts";
import { describeFailure } from "./failure.ts";
import { cachedSummary, rememberSummary } from "./summary-cache.ts";

/** A summary's generation as the entry pane shows it: pending (streaming), then done or error. */
export type SummaryState =
  | { status: "pending"; text: string }
  | { status: "done"; text: string | null; kind?: SummaryKind }
  | { status: "error"; code: number | undefined; message: string; reason: string | null };

export interface SummaryRequest {
  id: string;
  language: string;
  target: SummaryTarget;
}

type Line =
  | { type: "delta"; text: string }
  | { type: "done"; summary: string | null; kind?: SummaryKind }
  | { type: "error"; code: number; message: string; reason: string | null };

/**
 * Streams an entry's summary (ai/summary/stream, NDJSON) and reports each step; a summary in the
 * memory cache answers at once. The finished one is kept in the cache and in follow.db.
 */
export async function streamSummary(
  api: ApiFetch,
  db: LocalDatabase,
  request: SummaryRequest,
  onState: (state: SummaryState) => void,
  signal?: AbortSignal,
): Promise<SummaryState> {
  const field = request.target === "content" ? "summary" : "readabilitySummary";
  const cached = cachedSummary(request.id, request.language);
  if (cached?.[field]) {
    const state: SummaryState = { status: "done", text: cached[field], kind: cached.kind };
    onState(state);
    return state;
  }
  let text = "";
  onState({ status: "pending", text });
  let final: SummaryState | null = null;
  try {
    const body = await api<ReadableStream<Uint8Array>, "stream">(
      endpointInfo.ai.summaryStream.path,
      {
        query: request,
        responseType: "stream",
        retry: 0,
        silent: true,
        ...(signal ? { signal } : {}),
      },
    );
    for await (const line of ndjson<Line>(body)) {
      if (line.type === "delta") {
        text += line.text;
        onState({ status: "pending", text });
      } else if (line.type === "done") {
        final = { status: "done", text: line.summary, ...(line.kind ? { kind: line.kind } : {}) };
      } else {
        final = { status: "error", code: line.code, message: line.message, reason: line.reason };
      }
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    final = { status: "error", ...describeFailure(error) };
  }
  final ??= { status: "error", code: 1005, message: "Internal error", reason: "stream ended" };
  if (final.status === "done" && final.text) {
    rememberSummary(request.id, request.language, { [field]: final.text, kind: final.kind });
    await storeSummary(db, request, final.text);
  }
  onState(final);
  return final;
}

async function storeSummary(db: LocalDatabase, request: SummaryRequest, text: string) {
  const now = new Date().toISOString();
  const key = { entry_id: request.id, language: request.language, created_at: now };
  // A full-text summary alone leaves the (required) content summary empty until it comes.
  const write = statement(
    request.target === "content"
      ? local
          .insertInto("summaries")
          .values({ ...key, summary: text })
          .onConflict((conflict) =>
            conflict
              .columns(["entry_id", "language"])
              .doUpdateSet((eb) => ({ summary: eb.ref("excluded.summary") })),
          )
      : local
          .insertInto("summaries")
          .values({ ...key, summary: "", readability_summary: text })
          .onConflict((conflict) =>
            conflict.columns(["entry_id", "language"]).doUpdateSet((eb) => ({
              readability_summary: eb.ref("excluded.readability_summary"),
            })),
          ),
  );
  await db.transaction(["summaries"], (tx) => tx.execute(write.sql, write.params));
}

async function* ndjson<T>(body: ReadableStream<Uint8Array>): AsyncGenerator<T> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffer += decoder.decode(value, { stream: true });
    let newline = buffer.indexOf("\n");
    while (newline >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line) yield JSON.parse(line) as T;
      newline = buffer.indexOf("\n");
    }
    if (done) break;
  }
  if (buffer.trim()) yield JSON.parse(buffer) as T;
}
