import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const OUTLINES = 20_000;

function bigOpml(count: number): string {
  const outlines = Array.from(
    { length: count },
    (_, i) =>
      `<outline type="rss" text="Feed ${i}" title="Feed number ${i}" xmlUrl="https://feeds.example.org/${i}/rss.xml" htmlUrl="https://feeds.example.org/${i}/"/>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0"><head><title>Everything</title></head><body>
<outline text="All">
${outlines.join("\n")}
</outline></body></opml>`;
}

/** An OPML export goes up as a file: no JSON string of it, no 1 MB cap, a stated limit. */
describe.each(DIALECTS)("OPML uploaded as a file on %s", (dialect) => {
  let server: TestServer;
  let reader: TestClient;

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      INGEST_POLL_SECONDS: "3600",
      OPML_MAX_BYTES: String(8 * 1024 * 1024),
    });
    reader = new TestClient(server.localUrl);
    await reader.signUp(uniqueEmail("opml"));
  });
  afterAll(() => server?.close());

  const upload = (body: string | Uint8Array) =>
    reader.request("POST", "/api/subscriptions/opml-file", {
      body: body as string,
      headers: { "content-type": "application/octet-stream" },
    });

  it(`reads ${OUTLINES.toLocaleString("en")} outlines from a file well over 1 MB`, async () => {
    const text = bigOpml(OUTLINES);
    expect(Buffer.byteLength(text)).toBeGreaterThan(2_000_000);
    const answer = await upload(text);
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    expect(answer.body.data.title).toBe("Everything");
    expect(answer.body.data.subscriptions).toHaveLength(OUTLINES);
    expect(answer.body.data.subscriptions[OUTLINES - 1]).toMatchObject({
      url: `https://feeds.example.org/${OUTLINES - 1}/rss.xml`,
      category: "All",
    });
  });

  it("decodes the file as its XML declaration says", async () => {
    const latin1 = Buffer.from(
      `<?xml version="1.0" encoding="ISO-8859-1"?><opml version="1.0"><head><title>Caf\xe9</title></head><body><outline text="R\xe9sum\xe9" xmlUrl="https://example.org/r.xml"/></body></opml>`,
      "latin1",
    );
    const answer = await upload(latin1);
    expect(answer.body.data.title).toBe("Café");
    expect(answer.body.data.subscriptions[0].title).toBe("Résumé");
  });

  it("refuses only a truly huge file, with 14001 and its limit", async () => {
    const huge = `${bigOpml(10)}${" ".repeat(8 * 1024 * 1024)}`;
    const answer = await upload(huge);
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe(14001);
    expect(answer.body.reason).toContain(String(8 * 1024 * 1024));
    // The server still answers on a new connection.
    expect((await reader.request("GET", "/api/subscriptions")).status).toBe(200);
  });

  it("reads the file under an Idempotency-Key too (the key's check reads the body first)", async () => {
    const answer = await reader.request("POST", "/api/subscriptions/opml-file", {
      body: bigOpml(3),
      headers: { "content-type": "application/octet-stream", "idempotency-key": "opml-once" },
    });
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    expect(answer.body.data.subscriptions).toHaveLength(3);
  });

  it("says what is wrong with a file that is not OPML", async () => {
    const answer = await upload("<rss version='2.0'><channel><title>x</title></channel></rss>");
    expect(answer.body.code).toBe(14000);
  });
});
