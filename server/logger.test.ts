import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.ts";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger({ logLevel: "info" }, sink), lines };
}

const SECRET_URL = "https://reader:pa55word@example.com/feed.xml?token=t0kenOfAlice";

describe("the logger", () => {
  it("redacts credentials in URL fields, in messages quoting a URL, and in errors", () => {
    const { logger, lines } = capture();
    logger.info({ url: SECRET_URL, feed: { siteUrl: SECRET_URL } }, "feed refreshed");
    logger.warn({ message: `${SECRET_URL} answered HTTP 500` }, "feed refresh failed");
    logger.error({ err: new Error(`fetch ${SECRET_URL} failed`) }, "crashed");
    const written = JSON.stringify(lines);
    expect(written).not.toContain("t0kenOfAlice");
    expect(written).not.toContain("pa55word");
    expect(lines[0]!.url).toContain("example.com/feed.xml");
    expect(String(lines[1]!.message)).toMatch(/example\.com\/feed\.xml.* answered HTTP 500$/);
    expect((lines[2]!.err as { type: string }).type).toBe("Error");
  });

  it("leaves other fields alone", () => {
    const { logger, lines } = capture();
    logger.info({ path: "/api/entries", status: 200, port: 3000 }, "request");
    expect(lines[0]).toMatchObject({ path: "/api/entries", status: 200, port: 3000 });
  });
});
