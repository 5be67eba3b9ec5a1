import { createHash } from "node:crypto";
import { htmlToText } from "../../../contract/html/text.ts";
import { summarizeExtractive } from "../../text/extractive/summarize.ts";
import { fillEntryLanguages } from "../../text/language.ts";
import { decodeBytes } from "../decode.ts";
import { IngestError } from "../errors.ts";
import { findFeedLinks, looksLikeHtmlPage } from "../feed-links.ts";
import { ingestBody } from "../pipeline.ts";
import { extractReadable } from "../readability.ts";
import type { PageOutcome, PageTask, Task, TaskResult } from "./protocol.ts";
import { toWire } from "./wire.ts";

/** The ingestion work itself, run by a worker thread (worker.ts) for the pool. */

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
      fillEntryLanguages(ingested.entries);
      return { unchanged: false, bodyHash: hash, ingested };
    }
    case "page":
      return ingestPage(task);
    case "readable": {
      const html = decodeBytes(task.body, task.contentType).text;
      return extractReadable(html, task.url);
    }
    case "summary":
      return summarizeExtractive(htmlToText(task.html), task.language);
  }
}

function ingestPage(task: PageTask): PageOutcome {
  try {
    const feed = ingestBody(task.body, { url: task.url, contentType: task.contentType });
    fillEntryLanguages(feed.entries);
    return { feed };
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
