import type { WebhookEntry } from "../../../contract/api/inboxes.ts";

/**
 * The webhook's JSON body as a person reads it: each field of the contract's WebhookEntry
 * (same names, same limits), whether it is needed, and what it becomes.
 */
export const WEBHOOK_FIELDS = [
  { name: "title", type: "string", limit: 1000 },
  { name: "content", type: "string (HTML)", limit: 500_000 },
  { name: "url", type: "string (http/https URL)", limit: 2048 },
  { name: "author", type: "string", limit: 300 },
  { name: "guid", type: "string", limit: 500 },
  { name: "publishedAt", type: "string (ISO 8601) | number (ms)", limit: undefined },
  { name: "media", type: '[{ "type": "photo" | "video", "url": string }]', limit: 20 },
] as const satisfies readonly {
  name: keyof typeof WebhookEntry.fields;
  type: string;
  limit: number | undefined;
}[];

/** A body that the webhook accepts, shown in the example. */
export function webhookExample(now: Date): WebhookEntry {
  return {
    title: "Build 1.4.2 passed",
    content: "<p>All 214 tests passed on <strong>main</strong>.</p>",
    url: "https://ci.example.com/builds/1042",
    author: "CI",
    guid: "build-1042",
    publishedAt: now.toISOString(),
  };
}

/** Single-quoted for a POSIX shell (a quote inside closes, escapes and reopens). */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * The curl command that posts `body` to an inbox: its webhook URL, its secret in the
 * x-inbox-secret header (not the query, so it stays out of proxy logs), JSON content.
 */
export function webhookCurl(webhookUrl: string, secret: string, body: WebhookEntry): string {
  return [
    `curl -X POST ${shellQuote(webhookUrl)}`,
    `  -H 'Content-Type: application/json'`,
    `  -H ${shellQuote(`x-inbox-secret: ${secret}`)}`,
    `  --data ${shellQuote(JSON.stringify(body))}`,
  ].join(" \\\n");
}
