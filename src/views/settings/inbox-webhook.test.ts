import { Schema } from "effect";
import { describe, expect, it } from "vitest";
import { WebhookEntry } from "../../../contract/api/inboxes.ts";
import { WEBHOOK_FIELDS, webhookCurl, webhookExample } from "./inbox-webhook.ts";

/** The arguments a POSIX shell would pass for the single-quoted command. */
function shellWords(command: string): string[] {
  const words: string[] = [];
  let word = "";
  let quoted = false;
  let started = false;
  for (let i = 0; i < command.length; i++) {
    const char = command[i]!;
    if (quoted) {
      if (char === "'") quoted = false;
      else word += char;
    } else if (char === "'") {
      quoted = true;
      started = true;
    } else if (char === "\\" && command[i + 1] === "\n") {
      i += 1;
    } else if (char === "\\") {
      word += command[++i];
      started = true;
    } else if (/\s/.test(char)) {
      if (started) words.push(word);
      word = "";
      started = false;
    } else {
      word += char;
      started = true;
    }
  }
  if (started) words.push(word);
  return words;
}

describe("the inbox webhook's documented format", () => {
  it("names every field the contract accepts, and only those", () => {
    expect(WEBHOOK_FIELDS.map((field) => field.name).sort()).toEqual(
      Object.keys(WebhookEntry.fields).sort(),
    );
  });

  it("shows an example the webhook accepts", () => {
    const body = webhookExample(new Date(Date.UTC(2026, 0, 2)));
    expect(() => Schema.decodeUnknownSync(WebhookEntry)(body)).not.toThrow();
  });

  it("builds a curl command that posts the example with the secret header", () => {
    const body = webhookExample(new Date(Date.UTC(2026, 0, 2)));
    const url = "http://localhost:3000/api/inbox-webhooks/news";
    const command = webhookCurl(url, "s3cr'et", { ...body, title: "It's done" });
    expect(shellWords(command)).toEqual([
      "curl",
      "-X",
      "POST",
      url,
      "-H",
      "Content-Type: application/json",
      "-H",
      "x-inbox-secret: s3cr'et",
      "--data",
      JSON.stringify({ ...body, title: "It's done" }),
    ]);
  });
});
