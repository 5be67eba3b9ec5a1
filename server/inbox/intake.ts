import { createHash, randomUUID } from "node:crypto";
import { CodedError } from "../coded-error.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import type { EntryAttachment, EntryMedia } from "../feed-model.ts";
import { sanitizeEntry } from "../ingest/sanitize.ts";
import { excerpt, htmlToText, textToHtml } from "../ingest/text.ts";
import { storeFeedEntries } from "../jobs/store-entries.ts";
import { findInbox } from "../storage/inboxes.ts";

/** One message for an inbox, from e-mail or a webhook, before it is cleaned and stored. */
export interface InboxMessage {
  guid?: string | null;
  title?: string | null;
  html?: string | null;
  text?: string | null;
  url?: string | null;
  author?: string | null;
  publishedAt?: Date | null;
  media?: readonly EntryMedia[];
  attachments?: readonly EntryAttachment[];
}

/**
 * Stores a message as an entry of the inbox's feed: its HTML goes through the same sanitizer
 * as feed content (scripts, handlers, trackers gone; URLs absolute), and its owner finds it
 * unread. Answers the entry's id.
 */
export async function receiveInboxMessage(
  database: DatabaseHandle,
  handle: string,
  received: InboxMessage,
): Promise<string> {
  const inbox = await findInbox(database, handle);
  if (!inbox) throw new CodedError(10000);
  const message = withoutNul(received);
  const html = message.html?.trim() || (message.text ? textToHtml(message.text) : "");
  const url = httpUrl(message.url);
  const guid =
    message.guid?.trim() ||
    createHash("sha256").update(`${randomUUID()}`).digest("hex").slice(0, 32);
  const entry = sanitizeEntry({
    guid,
    title: message.title?.trim() || null,
    url,
    content: html || null,
    description: null,
    author: message.author?.trim() || null,
    authorUrl: null,
    authorAvatar: null,
    publishedAt: message.publishedAt ?? new Date(),
    categories: [],
    media: (message.media ?? []).filter((m) => httpUrl(m.url)),
    attachments: [...(message.attachments ?? [])],
    language: null,
    baseUrl: url,
  });
  const description = entry.content ? excerpt(htmlToText(entry.content)) : null;
  await storeFeedEntries(database, inbox.feed_id, [{ ...entry, description }]);
  const stored = await database.db
    .selectFrom("entry")
    .select("id")
    .where("feed_id", "=", inbox.feed_id)
    .where("guid", "=", guid)
    .executeTakeFirstOrThrow();
  return stored.id;
}

/**
 * The message with U+0000 taken out of every string: a subject, sender or body may decode to
 * one, PostgreSQL text and JSON refuse it (the mail would be retried forever), and SQLite keeps
 * the same text so both databases store alike.
 */
export function withoutNul<T>(value: T): T {
  if (typeof value === "string") return value.replaceAll("\u0000", "") as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, field]) => [key, withoutNul(field)]),
    ) as T;
  }
  return value;
}

function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
