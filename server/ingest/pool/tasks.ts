import { createHash } from "node:crypto";
import { decodeBytes } from "../decode.ts";
import { IngestError } from "../errors.ts";
import { findFeedLinks, looksLikeHtmlPage } from "../feed-links.ts";
import type { IngestedFeed } from "../model.ts";
import { ingestBody } from "../pipeline.ts";
import { extractReadable, type ReadableArticle } from "../readability.ts";
import { toWire, type WireError } from "./wire.ts";

/**
 * The CPU-heavy ingestion work, as tasks a worker thread runs (worker.ts) on bytes the main
 * thread fetched: the event loop that serves HTTP only fetches, stores and answers.
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

export type Task = FeedTask | PageTask | ReadableTask;
export type TaskResult<T extends Task> = T extends FeedTask
  ? FeedOutcome
  : T extends PageTask
    ? PageOutcome
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

/** SHA-256 of a response body, hex: a feed whose bytes did not change needs no parsing. */
export function bodyHash(body: Uint8Array): string {
  return createHash("sha256").update(body).digest("hex");
}

export function runTask(task: Task): TaskResult<Task> {
  switch (task.task) {
    case "feed": {
      const hash = bodyHash(task.body);
      if (task.previousHash === hash) return { unchanged: true, bodyHash: hash };
      const ingested = ingestBody(task.body, { url: task.url, contentType: task.contentType });
      return { unchanged: false, bodyHash: hash, ingested };
    }
    case "page":
      return ingestPage(task);
    case "readable": {
      const html = decodeBytes(task.body, task.contentType).text;
      return extractReadable(html, task.url);
    }
  }
}

function ingestPage(task: PageTask): PageOutcome {
  try {
    return { feed: ingestBody(task.body, { url: task.url, contentType: task.contentType }) };
  } catch (error) {
    if (!(error instanceof IngestError)) throw error;
    const text = decodeBytes(task.body, task.contentType).text;
    const isPage = looksLikeHtmlPage(text);
    return {
      feed: null,
      error: toWire(error),
      // A broken feed is reported as such; only pages (or non-feeds) are worth searching.
      worthSearching: error.kind === "not-a-feed" || isPage,
      feedLinks: isPage ? findFeedLinks(text, task.url).map((link) => link.url) : [],
    };
  }
}
