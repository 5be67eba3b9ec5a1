import type { IngestedFeed } from "../../feed-model.ts";
import type { ReadableArticle } from "../readability.ts";
import type { WireError } from "./wire.ts";

/**
 * What the pool (pool.ts) asks of its worker threads and what they answer: the CPU-heavy
 * ingestion work on bytes the main thread fetched. Types and the entry batching only, so the
 * main thread never loads the parsing stages (tasks.ts runs them, in the workers).
 */
export interface FeedTask {
  task: "feed";
  body: Uint8Array;
  url: string | null;
  contentType: string | null;
  /** The hash of the body last ingested for this feed: equal bytes are not parsed again. */
  previousHash?: string | null;
}

export type FeedOutcome =
  | { unchanged: true; bodyHash: string }
  | { unchanged: false; bodyHash: string; ingested: IngestedFeed };

/** Discovery: the body as a feed, else what to try next (the page's advertised feed links). */
export interface PageTask {
  task: "page";
  body: Uint8Array;
  url: string;
  contentType: string | null;
}

export type PageOutcome =
  | { feed: IngestedFeed }
  | { feed: null; error: WireError; worthSearching: boolean; feedLinks: string[] };

/** Full text: the readable article of a fetched web page, sanitized. */
export interface ReadableTask {
  task: "readable";
  body: Uint8Array;
  url: string;
  contentType: string | null;
}

/** Extractive summary of an entry's HTML (server/text/extractive): the summary text. */
export interface SummaryTask {
  task: "summary";
  html: string;
  language: string | null;
}

export type Task = FeedTask | PageTask | ReadableTask | SummaryTask;
export type TaskResult<T extends Task> = T extends FeedTask
  ? FeedOutcome
  : T extends PageTask
    ? PageOutcome
    : T extends SummaryTask
      ? string
      : ReadableArticle | null;

/**
 * The entries inside a task's result, if any: they cross from the worker in batches of
 * ENTRY_BATCH, each a message of its own, so that reading a 5,000-entry result never holds the
 * event loop for one long deserialization.
 */
export const ENTRY_BATCH = 250;

export function resultFeed(value: TaskResult<Task>): IngestedFeed | null {
  if (value === null || typeof value !== "object") return null;
  if ("ingested" in value) return value.ingested;
  if ("feed" in value && value.feed && "entries" in value.feed) return value.feed;
  return null;
}
