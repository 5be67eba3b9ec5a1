import { describe, expect, it } from "vitest";
import {
  billionLaughsInnerFirst,
  billionLaughsOuterFirst,
  deepEntityChain,
  quadraticEntity,
  recursiveEntity,
} from "../../tests/ingest/hostile-feeds.ts";
import { MAX_ENTITY_EXPANSION_CHARS } from "./doctype.ts";
import { IngestError } from "./errors.ts";
import { parseFeedText } from "./parse.ts";

function refusal(text: string): IngestError {
  try {
    parseFeedText(text);
  } catch (error) {
    if (error instanceof IngestError) return error;
    throw error;
  }
  throw new Error("the document was accepted");
}

const rssWith = (doctype: string, title: string) =>
  `<?xml version="1.0"?>${doctype}<rss version="2.0"><channel><title>${title}</title></channel></rss>`;

describe("DOCTYPE entity expansion", () => {
  it.each([
    ["billion laughs, outer entity declared first", billionLaughsOuterFirst()],
    ["billion laughs, inner entity declared first", billionLaughsInnerFirst()],
    ["one entity repeated until the output is huge", quadraticEntity()],
    ["an entity that refers to itself", recursiveEntity()],
    ["entities nested 20 deep", deepEntityChain()],
  ])("refuses %s with 2004, without expanding it", (_, text) => {
    const before = process.memoryUsage().heapUsed;
    const error = refusal(text);
    expect(error.code).toBe(2004);
    expect(error.kind).toBe("malformed");
    expect(error.reason).toMatch(/DOCTYPE was refused/);
    // Refused before anything near the bomb's size was built.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(50 * MAX_ENTITY_EXPANSION_CHARS);
  });

  it("expands ordinary internal entities, nested ones included", () => {
    const parsed = parseFeedText(
      rssWith(
        '<!DOCTYPE rss [<!ENTITY site "Example &amp; Co"><!ENTITY full "&site; news">]>',
        "&full; &#38; more",
      ),
    );
    expect(parsed.feed.title).toBe("Example & Co news & more");
  });

  it("leaves CDATA sections and undeclared names alone", () => {
    const parsed = parseFeedText(
      rssWith('<!DOCTYPE rss [<!ENTITY x "X">]>', "<![CDATA[&x; stays]]>"),
    );
    expect(parsed.feed.title).toBe("&x; stays");
  });

  it("accepts expansion up to the budget", () => {
    const value = "y".repeat(1000);
    const references = Math.floor(MAX_ENTITY_EXPANSION_CHARS / value.length) - 1;
    const parsed = parseFeedText(
      rssWith(`<!DOCTYPE rss [<!ENTITY y "${value}">]>`, "&y;".repeat(references)),
    );
    expect(parsed.feed.title).toHaveLength(references * value.length);
  });
});
