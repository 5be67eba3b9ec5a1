import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Endpoint, listEndpoints } from "../../contract/api/index.ts";
import { SETTINGS_TABS } from "../../contract/settings.ts";
import {
  type Field,
  fillPath,
  minimalOf,
  requestShape,
  setField,
} from "../support/endpoint-requests.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

/** Entry links on the local feed server, so reading an entry's page never leaves 127.0.0.1. */
const localLinks = (rss: string, server: FeedServer) =>
  rss.replaceAll("https://example.com/", `${server.baseUrl}/pages/`);

/**
 * Every endpoint of the table (reads with their query strings, writes with their bodies) on
 * both databases, with hostile input: never a 500, and a refusal is always `{code, message}`.
 * Requests are shaped from each endpoint's Schemas with hostile values in its fields (U+0000,
 * lone surrogates, huge and odd numbers, deep nesting, long text) and also wholly arbitrary.
 *
 * Nothing may leave the machine: text that could read as an address (a dot or a colon) is
 * defused before it is sent, so a subscription, discovery, import, RSSHub instance, push
 * registration or AI provider fuzzed here can only name 127.0.0.1 or nothing fetchable.
 */

/** Nesting far beyond any real body: once a 500 (a recursive walk overflowed the stack). */
const deepArrays = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const deepObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

/** Shapes that once answered 500, as whole bodies and as the user's name. */
const HOSTILE_VALUES = [
  "null",
  "[]",
  "{}",
  '{"first":"Ada","last":{"x":[1]}}',
  "5",
  "true",
  deepArrays(50_000),
  deepObjects(50_000),
];
const HOSTILE_BODIES = [
  ...HOSTILE_VALUES,
  ...HOSTILE_VALUES.map((value) => `{"name":${value}}`),
  ...HOSTILE_VALUES.map((value) => `{"ids":${value},"entryIds":${value},"entryId":${value}}`),
  `{"name":"${"n".repeat(20_000)}"}`,
  `{"image":"${"i".repeat(5_000)}"}`,
  '{"title":"a\\u0000b","name":"\\u0000","keyword":"\\ud800","handle":"\\udfff"}',
];

/** The only addresses fuzzed values may hold: nothing listens there. */
const LOOPBACK = ["http://127.0.0.1:9/", "http://127.0.0.1:9/feed?x=\u0000", "inbox://fuzz"];

/** Leaf values that broke servers before: NUL, lone surrogates, odd numbers, size. */
const hostileLeaf = fc.oneof(
  fc.constantFrom<unknown>(
    "\u0000",
    "a\u0000b",
    "\ud800",
    "x\udfffy",
    "\ud83d",
    "",
    " ",
    "-1",
    "0",
    "1e309",
    "NaN",
    "99999999999999999999999999999",
    "-9223372036854775809",
    "1234567890123456789012",
    "%00",
    "%",
    "\\",
    "'; drop table feed; --",
    "$where",
    "__proto__",
    -1,
    -0,
    1.5,
    1e308,
    -1e308,
    2 ** 64,
    Number.MAX_SAFE_INTEGER + 2,
    true,
    null,
    [],
    {},
    JSON.parse('{"__proto__":{"polluted":1}}'),
    "9".repeat(400),
    "x".repeat(70_000),
    ...LOOPBACK,
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map(String.fromCharCode) }),
  fc.integer({ min: 1, max: 300 }).map((depth) => JSON.parse(deepArrays(depth))),
  fc.double(),
  fc.bigInt().map((n) => n.toString()),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Characters put inside otherwise valid text: NUL, lone surrogates, direction and BOM marks. */
const INSERTS = ["\u0000", "\ud800", "\udfff", "\u202e", "\ufeff", "\u0007", "😀", "%00", "'", '"'];

/** Text with a dot or colon could be an address somewhere else; the fuzz never sends one. */
function defuse(value: unknown): unknown {
  if (typeof value === "string") {
    return LOOPBACK.includes(value) ? value : value.replace(/[.:]/g, "_");
  }
  if (Array.isArray(value)) return value.map(defuse);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [defuse(k), defuse(v)]));
  }
  return value;
}

/** Percent-encodes any UTF-16 (a lone surrogate goes as its raw, invalid UTF-8 bytes). */
function percent(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    } else out += encodeURIComponent(char);
  }
  return out;
}

interface Target {
  name: string;
  endpoint: Endpoint;
  /** The endpoint's path with its parameters filled (each settings tab). */
  paths: string[];
}

const TARGETS: Target[] = listEndpoints().map(({ name, endpoint }) => {
  const shape = requestShape(endpoint);
  const paths = endpoint.path.includes(":tab")
    ? SETTINGS_TABS.map((tab) => fillPath(endpoint.path, { ...shape.params, tab }))
    : [fillPath(endpoint.path, shape.params)];
  return { name, endpoint, paths: paths.map((path) => `/api${path}`) };
});

/** One request: a Schema-shaped one with hostile fields, or an arbitrary one. */
/** The fuzzing user's own objects by field name, so ids reach rows that exist. */
type Own = Record<string, string[]>;
const ownFor = (own: Own, name: string): string[] => {
  if (/^(handle|inboxId)$/.test(name)) return own.handle ?? [];
  if (/(^id$|^ids$|Id$|Ids$|IdList$)/.test(name)) return own.ids ?? [];
  return [];
};

const requestFor = (target: Target, own: Own) => {
  const shape = requestShape(target.endpoint);
  const fields = shape.fields.filter((field) => !field.inPath);
  // One or two fields changed at a time (the rest accepted), so most requests pass validation
  // of the others and reach the handler: a valid value with a hostile character inside, or any
  // hostile value.
  const leafFor = (field: Field) => {
    const valid = minimalOf(shape, field);
    const inside =
      typeof valid === "string"
        ? fc
            .tuple(fc.constantFrom(...INSERTS), fc.nat({ max: valid.length }))
            .map(([insert, at]) => `${valid.slice(0, at)}${insert}${valid.slice(at)}`)
        : hostileLeaf;
    const mine = ownFor(own, field.name);
    if (mine.length === 0) return fc.oneof(inside, hostileLeaf);
    return fc.oneof(
      field.array ? fc.constant(mine) : fc.constantFrom(...mine),
      inside,
      hostileLeaf,
    );
  };
  const shaped =
    fields.length === 0
      ? fc.constant(structuredClone(shape.request))
      : fc
          .subarray(fields, { minLength: 1, maxLength: Math.min(2, fields.length) })
          .chain((chosen) =>
            fc.tuple(fc.constant(chosen), fc.tuple(...chosen.map((field) => leafFor(field)))),
          )
          .map(([chosen, leaves]) =>
            chosen.reduce<Record<string, unknown>>(
              (body, field, index) => setField(shape, body, field, leaves[index]),
              structuredClone(shape.request),
            ),
          );
  const anything = fc.oneof(
    fc.jsonValue({ maxDepth: 4 }),
    fc.dictionary(
      fc.oneof(fc.constantFrom("x", ...fields.map((f) => String(f.path[0]))), fc.string()),
      hostileLeaf,
    ),
  );
  const pathParam = fc.oneof(
    fc.constantFrom(...target.paths.map((path) => ({ path }))),
    hostileLeaf.map((value) => ({
      path: `/api${target.endpoint.path.replace(/:([A-Za-z]+)/g, () => percent(String(value).slice(0, 300)))}`,
    })),
  );
  return fc.record({
    at: target.endpoint.params
      ? pathParam
      : fc.constantFrom(...target.paths.map((path) => ({ path }))),
    body: fc.oneof({ weight: 3, arbitrary: shaped }, { weight: 1, arbitrary: anything }),
    raw: fc.boolean(),
    rawText: fc.string({ unit: "binary", maxLength: 60 }),
    // Two requests in three carry an Idempotency-Key: printable (all a header may carry), blank
    // or far too long.
    idempotencyKey: fc.option(
      fc.oneof(
        fc.stringMatching(/^[\x21-\x7e]{0,80}$/),
        fc.constantFrom("x".repeat(5000), " ", "fuzz-key"),
      ),
      { freq: 3 },
    ),
  });
};

/** Method, URL and body of a fuzzed request (a GET's fields go in its query string). */
function toRequest(
  target: Target,
  at: { path: string },
  body: unknown,
  raw: boolean,
  rawText: string,
): { method: string; url: string; body?: string } {
  const safe = defuse(body);
  if (target.endpoint.method === "GET") {
    const query =
      safe && typeof safe === "object" && !Array.isArray(safe)
        ? Object.entries(safe)
            .map(
              ([k, v]) =>
                `${percent(k)}=${percent(typeof v === "string" ? v : (JSON.stringify(v) ?? ""))}`,
            )
            .join("&")
        : percent(JSON.stringify(safe) ?? "");
    // Past about 16 KB Node refuses the request line itself (431, coded by client-errors.ts).
    return {
      method: "GET",
      url: `${at.path}?${query.slice(0, 12_000).replace(/%[0-9A-Fa-f]?$/, "")}`,
    };
  }
  return {
    method: target.endpoint.method,
    url: at.path,
    body: raw ? String(defuse(rawText)) : JSON.stringify(safe),
  };
}

/**
 * A coded 502 or 503 speaks of another server, on purpose: the entry's page failed (502), no
 * speech or AI provider is set up (503). A 500, or any 5xx without a code, is a fault.
 */
const upstreamAnswer = (answer: { status: number; body: { code?: unknown } | undefined }) =>
  (answer.status === 502 || answer.status === 503) && typeof answer.body?.code === "number";

/** Runs per endpoint: bounded so each database takes a minute or two on a small machine. */
const RUNS_PER_ENDPOINT = Number(process.env.FUZZ_RUNS ?? 80);
/** Fixed so a run can be repeated; FUZZ_SEED explores others. */
const SEED = Number(process.env.FUZZ_SEED ?? 22);

describe.each(DIALECTS)("hostile input on every endpoint (%s)", (dialect) => {
  let server: TestServer;
  let client: TestClient;
  let clientDir: string;
  let feeds: FeedServer;
  const own: Own = {};
  const email = uniqueEmail("fuzz");
  const password = "correct horse battery staple";
  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), "follow-fuzz-client-"));
    writeFileSync(join(clientDir, "index.html"), "<!doctype html><title>Follow</title>");
    feeds = await new FeedServer().start();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000000",
      RATE_LIMIT_MAX: "1000000",
      CLIENT_DIST_DIR: clientDir,
      INGEST_POLL_SECONDS: "3600",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      FETCH_TIMEOUT_SECONDS: "2",
      IDEMPOTENCY_LEASE_SECONDS: "10",
    });
    client = new TestClient(server.localUrl);
    await client.signUp(email, password, "Fuzz");
    // Objects of the fuzzing user's own (a feed with entries, a list, an inbox, a saved search).
    const url = feeds.serve(
      "/fuzz.xml",
      localLinks(
        rssFeed(
          "Fuzz feed",
          [0, 1, 2].map((i) => ({
            guid: `f${i}`,
            title: `Fuzz ${i}`,
            date: new Date(Date.UTC(2026, 0, 1 + i)),
          })),
        ),
        feeds,
      ),
    );
    const feedId = (await client.request("POST", "/api/subscriptions", { json: { url, view: 0 } }))
      .body.feed.id;
    const entries = (await client.request("POST", "/api/entries", { json: { feedId } })).body.data;
    const listId = (
      await client.request("POST", "/api/lists", { json: { title: "Fuzz list", view: 0 } })
    ).body.data.id;
    await client.request("POST", "/api/lists/feeds", { json: { listId, feedId } });
    await client.request("POST", "/api/inboxes", { json: { handle: "fuzz-inbox" } });
    await client.request("POST", "/api/collections", { json: { entryId: entries[0].entries.id } });
    own.ids = [feedId, listId, ...entries.map((e: { entries: { id: string } }) => e.entries.id)];
    own.handle = ["fuzz-inbox"];
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
    rmSync(clientDir, { recursive: true, force: true });
  });

  /** Signed in again (or a new account) when a fuzzed sign-out or deletion ended the session. */
  async function stillSignedIn() {
    if ((await client.session()).body?.user) return;
    client = new TestClient(server.localUrl);
    if ((await client.signIn(email, password)).status !== 200) {
      await client.signUp(email, password, "Fuzz");
    }
  }

  const faults: string[] = [];
  /** Answers by endpoint, status and code (printed with FUZZ_VERBOSE, to see what is reached). */
  const answers = new Map<string, number>();
  const check = (answer: Awaited<ReturnType<TestClient["request"]>>, label: string) => {
    const tally = `${label.split(" ")[0]} ${answer.status} ${answer.body?.code ?? ""}`;
    answers.set(tally, (answers.get(tally) ?? 0) + 1);
    if (answer.status >= 500 && !upstreamAnswer(answer)) {
      faults.push(`${label} -> ${answer.status} ${answer.text.slice(0, 200)}`);
    }
    if (answer.status >= 400 && answer.status < 500) {
      if (typeof answer.body?.code !== "number" || typeof answer.body?.message !== "string") {
        faults.push(
          `${label} -> ${answer.status} without {code, message}: ${answer.text.slice(0, 120)}`,
        );
      }
    }
  };

  it("answers the shapes that once made a 500 with a coded 4xx on every endpoint", async () => {
    faults.length = 0;
    let sent = 0;
    for (const target of TARGETS) {
      for (const path of target.paths) {
        for (const body of HOSTILE_BODIES) {
          const label = `${target.name} ${body.slice(0, 40)}`;
          const answer =
            target.endpoint.method === "GET"
              ? await client.request("GET", `${path}?q=${percent(body.slice(0, 4000))}`)
              : await client.request(target.endpoint.method, path, {
                  body,
                  headers: { "content-type": "application/json" },
                });
          sent += 1;
          check(answer, label);
        }
      }
      await stillSignedIn();
    }
    for (const name of [null, [], {}, { first: "Ada" }, 5, "n".repeat(20_000), "\u0000"]) {
      const answer = await client.request("POST", "/api/better-auth/update-user", {
        json: { name },
      });
      sent += 1;
      expect(answer.status, JSON.stringify(name).slice(0, 20)).toBeGreaterThanOrEqual(400);
      check(answer, `update-user name ${JSON.stringify(name).slice(0, 20)}`);
    }
    console.info(`[fuzz ${dialect}] ${sent} once-fatal shapes across ${TARGETS.length} endpoints`);
    expect(faults).toEqual([]);
  }, 300_000);

  it("answers broken percent-encoding in any page path with 400, never a 500", async () => {
    const fixed = ["/%", "/%E0%A4%A", "/%%", "/%C3%28", "/a/%ED%A0%80", "/%FF"];
    for (const path of fixed) {
      const response = await client.request("GET", path);
      expect(response.status, path).toBe(400);
      expect(response.body.code, path).toBe(1002);
    }
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.constantFrom("%", "%E0", "%A4", "%zz", "a", "/", "%2F", "%25"),
            fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, "0")}`),
          ),
          { minLength: 1, maxLength: 8 },
        ),
        async (parts) => {
          const path = `/page/${parts.join("")}`;
          const response = await client.request("GET", path);
          expect(response.status, path).toBeLessThan(500);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("never answers 500 and always refuses with {code, message}, on every endpoint", async () => {
    faults.length = 0;
    let sent = 0;
    for (const [index, target] of TARGETS.entries()) {
      await fc.assert(
        fc.asyncProperty(
          requestFor(target, own),
          async ({ at, body, raw, rawText, idempotencyKey }) => {
            const request = toRequest(target, at, body, raw, rawText);
            const headers: Record<string, string> = {
              ...(request.body === undefined ? {} : { "content-type": "application/json" }),
              ...(idempotencyKey === null ? {} : { "idempotency-key": idempotencyKey }),
            };
            const answer = await client.request(request.method, request.url, {
              ...(request.body === undefined ? {} : { body: request.body }),
              headers,
            });
            sent += 1;
            check(
              answer,
              `${target.name} ${request.url.slice(0, 80)} ${request.body?.slice(0, 80) ?? ""}`,
            );
          },
        ),
        { numRuns: RUNS_PER_ENDPOINT, seed: SEED + index },
      );
      await stillSignedIn();
    }
    console.info(
      `[fuzz ${dialect}] ${sent} requests across ${TARGETS.length} endpoints, ${faults.length} faults`,
    );
    for (const fault of faults.slice(0, 40)) console.info(`  ${fault}`);
    if (process.env.FUZZ_VERBOSE) {
      for (const [tally, count] of [...answers].sort()) console.info(`  ${tally}: ${count}`);
    }
    expect(faults).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(TARGETS.length * RUNS_PER_ENDPOINT);
  }, 600_000);
});
