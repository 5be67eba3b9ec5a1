import {
  SUMMARY_CACHE_SIZE,
  SUMMARY_MIN_CHARS,
  type SummaryKind,
  type SummaryTarget,
} from "../../contract/ai.ts";
import { htmlToText } from "../../contract/html/text.ts";
import { LruCache } from "../../contract/lru.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { EntryRow } from "../db/schema.ts";
import { summarizeInPool } from "../ingest/pool/pool.ts";
import type { Readability } from "../jobs/readability.ts";
import { nowIso } from "../storage/time.ts";
import type { ChatProvider } from "./chat/provider.ts";
import { Generation, type GenerationEvent } from "./generation.ts";
import { languageName } from "./languages.ts";
import { type ProviderChoice, serverChoice } from "./providers.ts";

export interface SummaryResult {
  summary: string | null;
  kind?: SummaryKind;
}

export interface SummaryKey {
  entry: EntryRow;
  language: string;
  target: SummaryTarget;
  /**
   * Who writes it when it has to be made, and whose stored summaries may answer: the user's
   * own provider (theirs alone), else the server's (shared). Absent: the server's.
   */
  source?: ProviderChoice;
}

/** Markup beyond this is not read for a summary (a hostile entry cannot cost more). */
const MAX_SOURCE_CHARS = 2_000_000;

/**
 * Entry summaries: stored per entry, language, target and provider (a user's own provider's
 * text is served to that user only, the server's provider's to everyone it serves); the last
 * 10 read kept in memory; one generation per key at a time, joined by repeats asked while it
 * runs; none for text under 100 characters. With a provider a model writes them
 * in the language asked for; without one they are extractive, picked in a worker thread (never
 * on the HTTP loop).
 */
export function createSummaries(deps: {
  database: DatabaseHandle;
  readability: Readability;
  provider: ChatProvider | null;
}) {
  const { database, readability } = deps;
  const serverSource = serverChoice(deps.provider);
  const memory = new LruCache<string, SummaryResult>(SUMMARY_CACHE_SIZE);
  const running = new Map<string, Generation<SummaryResult>>();
  const sourceOf = (key: SummaryKey) => key.source ?? serverSource;
  const keyOf = (key: SummaryKey) => {
    const { owner, key: provider } = sourceOf(key);
    return `${key.entry.id}\n${key.language}\n${key.target}\n${owner}\n${provider}`;
  };

  async function stored(key: SummaryKey): Promise<SummaryResult | null> {
    const cached = memory.get(keyOf(key));
    if (cached) return cached;
    const source = sourceOf(key);
    const row = await database.db
      .selectFrom("ai_summary")
      .select(["summary", "kind"])
      .where("entry_id", "=", key.entry.id)
      .where("language", "=", key.language)
      .where("target", "=", key.target)
      .where("owner_user_id", "=", source.owner)
      .where("provider", "=", source.key)
      .executeTakeFirst();
    if (!row) return null;
    const result = { summary: row.summary, kind: row.kind as SummaryKind };
    memory.set(keyOf(key), result);
    return result;
  }

  async function generate(
    key: SummaryKey,
    onDelta: (delta: string) => void,
  ): Promise<SummaryResult> {
    const html =
      key.target === "readabilityContent"
        ? await readability.contentFor(key.entry)
        : (key.entry.content ?? key.entry.description);
    const source = (html ?? "").slice(0, MAX_SOURCE_CHARS);
    const text = htmlToText(source);
    if (text.length < SUMMARY_MIN_CHARS) return { summary: null };
    let result: SummaryResult;
    const origin = sourceOf(key);
    const { provider } = origin;
    if (provider) {
      const summary = await provider.complete({
        system:
          "You summarize articles for a feed reader. Answer with the summary only: no preamble, no markdown headings.",
        instruction: `Summarize the following article in ${languageName(key.language)}, in at most five sentences.`,
        text: key.entry.title ? `${key.entry.title}\n\n${text}` : text,
        onDelta,
        maxOutputTokens: 600,
      });
      result = { summary: summary.trim(), kind: "model" };
    } else {
      const summary = await summarizeInPool({ html: source, language: key.entry.language });
      onDelta(summary);
      result = { summary, kind: "extractive" };
    }
    if (!result.summary) return { summary: null };
    await database.db
      .insertInto("ai_summary")
      .values({
        entry_id: key.entry.id,
        language: key.language,
        target: key.target,
        owner_user_id: origin.owner,
        provider: origin.key,
        summary: result.summary,
        kind: result.kind!,
        created_at: nowIso(),
      })
      .onConflict((oc) =>
        oc.columns(["entry_id", "language", "target", "owner_user_id", "provider"]).doUpdateSet({
          summary: result.summary!,
          kind: result.kind!,
        }),
      )
      .execute();
    memory.set(keyOf(key), result);
    return result;
  }

  /** The running generation for the key, started if none runs. */
  function generation(key: SummaryKey): Generation<SummaryResult> {
    const id = keyOf(key);
    let current = running.get(id);
    if (!current) {
      current = new Generation((onDelta) => generate(key, onDelta));
      running.set(id, current);
      const started = current;
      void started.result
        .finally(() => {
          if (running.get(id) === started) running.delete(id);
        })
        .catch(() => {});
    }
    return current;
  }

  return {
    async summarize(key: SummaryKey): Promise<SummaryResult> {
      return (await stored(key)) ?? generation(key).result;
    },
    /** The summary as it is written: stored ones answer at once, with a single "done". */
    async *stream(key: SummaryKey): AsyncGenerator<GenerationEvent<SummaryResult>> {
      const found = await stored(key);
      if (found) {
        yield { type: "done", result: found };
        return;
      }
      yield* generation(key).follow();
    },
    /** Generations running now (diagnostics, tests). */
    get running(): number {
      return running.size;
    },
    /** Keys held in memory, most recent last (tests of the 10-entry bound). */
    cachedKeys: () => memory.keys(),
  };
}

export type Summaries = ReturnType<typeof createSummaries>;
