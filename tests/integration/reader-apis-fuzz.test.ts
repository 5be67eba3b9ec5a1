import { createHash } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

/**
 * The Google Reader and Fever doors are not endpoints of the contract table, so the generated
 * fuzz suite does not reach them: here every one of their calls gets hostile fields (in the
 * query and in a form body, as clients send them) and hostile stream ids in the path. Never a
 * 5xx; Fever always answers JSON with HTTP 200 to a good key.
 *
 * Nothing may leave the machine: values hold no dot and no colon (no host, no scheme), except
 * the loopback addresses below, where nothing listens; `quickadd` (which would fetch any name
 * it is given) is sent only with a loopback address.
 */

/** Field values as sent on the wire: some deliberately broken percent-encoding. */
const HOSTILE_WIRE = [
  "",
  "%00",
  "a%00b",
  "%ED%A0%80",
  "%",
  "%zz",
  "-1",
  "0",
  "-9223372036854775809",
  "18446744073709551616",
  "99999999999999999999999",
  "1e400",
  "-1e400",
  "NaN",
  "Infinity",
  "x".repeat(10_000),
  "user%2F-%2Flabel%2F%00",
  "user%2F-%2Fstate%2Fcom_google%2Fread",
  "user%2F99%2Flabel%2F",
  "feed%2F",
  "feed%2Fhttp%3A%2F%2F127.0.0.1%3A9%2F",
  "inbox%3A%2F%2Ffuzz",
  "tag%3Agoogle_com%2C2005%3Areader%2Fitem%2Fzz",
  "ffffffffffffffff",
  "OTk5OS05OS05OXwx",
  "[]",
  "%5B%7B%22a%22%3A1%7D%5D",
];

const GREADER_FIELDS = [
  "n",
  "c",
  "s",
  "i",
  "ot",
  "nt",
  "r",
  "xt",
  "it",
  "a",
  "ac",
  "t",
  "ts",
  "dest",
  "output",
];
const READING_LIST = "user%2F-%2Fstate%2Fcom.google%2Freading-list";
const LOOPBACK_FEED = "feed%2Fhttp%3A%2F%2F127.0.0.1%3A9%2F";
const GREADER_READS = [
  "/reader/api/0/user-info",
  "/reader/api/0/subscription/list",
  "/reader/api/0/subscription/export",
  "/reader/api/0/tag/list",
  "/reader/api/0/unread-count",
  "/reader/api/0/stream/contents",
  "/reader/api/0/stream/items/ids",
  "/reader/api/0/stream/items/contents",
  "/reader/atom",
];
const GREADER_WRITES = [
  "/reader/api/0/edit-tag",
  "/reader/api/0/mark-all-as-read",
  "/reader/api/0/subscription/edit",
  "/reader/api/0/subscription/quickadd",
  "/reader/api/0/rename-tag",
  "/reader/api/0/disable-tag",
  "/reader/api/0/stream/items/contents",
];
/** Paths that carry a stream id after them. */
const STREAM_PATHS = ["/reader/api/0/stream/contents/", "/reader/atom/"];
const FEVER_CALLS = "&items&feeds&groups&favicons&links&unread_item_ids&saved_item_ids";
const FEVER_FIELDS = ["since_id", "max_id", "with_ids", "mark", "as", "id", "before"];

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const md5 = (text: string) => createHash("md5").update(text).digest("hex");
const form = (names: readonly string[], value: string) =>
  names.map((name) => `${name}=${value}`).join("&");
/** Arbitrary text, percent-encoded, with dots and colons defused. */
const arbitraryWire = fc
  .string({ unit: "binary", maxLength: 64 })
  .map((text) =>
    encodeURIComponent(
      text.replace(/[.:\u3002\uff0e\uff61\ufe52]/g, "_").replace(/[\ud800-\udfff]/g, ""),
    ),
  );

describe.each(DIALECTS)("Google Reader and Fever fuzzing on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  let auth: string;
  let feverKey: string;
  const client = () => new TestClient(server.localUrl);

  const greader = (method: string, path: string, wire: string) =>
    client().request(method, `/api/greader${path}${method === "GET" ? `?${wire}` : ""}`, {
      headers: { authorization: `GoogleLogin auth=${auth}`, ...(method === "POST" ? FORM : {}) },
      ...(method === "POST" ? { body: wire } : {}),
    });
  const expectNoServerError = (answer: { status: number; text: string }, what: string) =>
    expect(answer.status, `${what}: ${answer.text.slice(0, 200)}`).toBeLessThan(500);

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "100000",
      TOKEN_RATE_LIMIT_MAX: "1000000",
      INGEST_POLL_SECONDS: "3600",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
    });
    const alice = client();
    const email = uniqueEmail("alice-reader-fuzz");
    await alice.signUp(email);
    const items = Array.from({ length: 5 }, (_, i) => ({ guid: `f${i}`, title: `post ${i}` }));
    const sub = await alice.request("POST", "/api/subscriptions", {
      json: { url: feeds.serve("/fuzz.xml", rssFeed("fuzz", items)), view: 0, category: "Fuzz" },
    });
    expect(sub.status).toBe(200);
    const made = await alice.request("POST", "/api/tokens", {
      json: { name: "fuzz", kind: "app_password", scope: "write" },
    });
    expect(made.status).toBe(200);
    auth = made.body.data.secret as string;
    feverKey = md5(`${email.toLowerCase()}:${auth}`);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  it("answers every Google Reader call with hostile fields without a server error", async () => {
    const others = GREADER_FIELDS.filter((name) => name !== "s");
    // Every field hostile, and every field but a real stream (so the bounds are reached).
    const variants = HOSTILE_WIRE.flatMap((wire) => [
      [wire, form(GREADER_FIELDS, wire)] as const,
      [wire, `${form(others, wire)}&s=${READING_LIST}`] as const,
    ]);
    for (const [wire, hostile] of variants) {
      const fields = `${hostile}&quickadd=${LOOPBACK_FEED}`;
      for (const path of GREADER_READS)
        expectNoServerError(await greader("GET", path, fields), `GET ${path} ${wire.slice(0, 40)}`);
      for (const path of GREADER_WRITES)
        expectNoServerError(
          await greader("POST", path, fields),
          `POST ${path} ${wire.slice(0, 40)}`,
        );
      for (const path of STREAM_PATHS)
        expectNoServerError(
          await greader("GET", `${path}${wire}`, "n=5"),
          `GET ${path}${wire.slice(0, 40)}`,
        );
    }
    // The session still works afterwards.
    const list = await greader("GET", "/reader/api/0/subscription/list", "output=json");
    expect(list.status).toBe(200);
  }, 300_000);

  it("answers arbitrary Google Reader fields without a server error", async () => {
    const paths = [
      ...GREADER_READS.map((path) => ["GET", path] as const),
      ...GREADER_WRITES.map((path) => ["POST", path] as const),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.dictionary(fc.constantFrom(...GREADER_FIELDS), arbitraryWire, { maxKeys: 6 }),
        async ([method, path], fields) => {
          const wire = Object.entries(fields)
            .map(([name, value]) => `${name}=${value}`)
            .join("&");
          const answer = await greader(method, path, wire);
          return answer.status < 500;
        },
      ),
      { numRuns: 150 },
    );
  }, 300_000);

  it("answers every Fever call with hostile fields as JSON, HTTP 200", async () => {
    // In the body (a query of 70,000 characters would be refused as too large, 431).
    for (const fields of HOSTILE_WIRE.map((wire) => form(FEVER_FIELDS, wire))) {
      const answer = await client().request("POST", `/api/fever/?api${FEVER_CALLS}`, {
        headers: FORM,
        body: `api_key=${feverKey}&${fields}`,
      });
      expect(answer.status, `${fields.slice(0, 80)}: ${answer.text.slice(0, 200)}`).toBe(200);
      expect(answer.body.auth).toBe(1);
    }
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...FEVER_FIELDS), arbitraryWire, { maxKeys: 5 }),
        async (fields) => {
          const wire = Object.entries(fields)
            .map(([name, value]) => `${name}=${value}`)
            .join("&");
          const answer = await client().request("POST", `/api/fever/?api${FEVER_CALLS}`, {
            headers: FORM,
            body: `api_key=${feverKey}&${wire}`,
          });
          return answer.status === 200 && answer.body.auth === 1;
        },
      ),
      { numRuns: 100 },
    );
  }, 300_000);
});
