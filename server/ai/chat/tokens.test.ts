import { describe, expect, it } from "vitest";
import { sseData } from "./sse.ts";
import { estimateTokens, trimToTokens } from "./tokens.ts";

async function* chunks(...parts: string[]) {
  for (const part of parts) yield new TextEncoder().encode(part);
}

describe("token budget", () => {
  it("counts CJK characters as a token each, spaced text at about 3.5 characters", () => {
    expect(estimateTokens("交通计划")).toBe(4);
    expect(estimateTokens("a".repeat(35))).toBe(10);
  });

  it("trims at a sentence end within the budget, and leaves short text alone", () => {
    const text = "One sentence here. ".repeat(200);
    const { text: cut, trimmed } = trimToTokens(text, 100);
    expect(trimmed).toBe(true);
    expect(estimateTokens(cut)).toBeLessThanOrEqual(100);
    expect(cut.endsWith(".")).toBe(true);
    expect(trimToTokens("short", 100)).toEqual({ text: "short", trimmed: false });
  });
});

describe("server-sent events", () => {
  it("yields each event's data across chunk boundaries, CRLF and comments", async () => {
    const seen: string[] = [];
    for await (const data of sseData(
      chunks(': keep-alive\r\n\r\ndata: {"a"', ":1}\r\n\r\ndata: two\n", "\ndata: [DONE]"),
    ))
      seen.push(data);
    expect(seen).toEqual(['{"a":1}', "two", "[DONE]"]);
  });
});
