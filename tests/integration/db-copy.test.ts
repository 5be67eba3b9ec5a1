import { execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { createTestPostgres, type TestPostgres } from "../support/postgres.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

const ROOT = join(import.meta.dirname, "../..");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run db:copy -- ...` as a user runs it: its own process. */
function dbCopy(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(ROOT, "scripts/db-copy.ts"), ...args],
      { cwd: ROOT, maxBuffer: 10_000_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

/** The printed result table: per table, rows and checksums on both sides. */
function resultsOf(run: Run) {
  const rows = new Map<
    string,
    { sourceRows: number; targetRows: number; source: string; target: string; ok: string }
  >();
  const lines = run.stdout.split("\n");
  const start = lines.findIndex((l) => l.startsWith("table "));
  for (const line of lines.slice(start + 1)) {
    const cells = line.trim().split(/\s+/);
    if (cells.length !== 6) break;
    rows.set(cells[0]!, {
      sourceRows: Number(cells[1]),
      targetRows: Number(cells[2]),
      source: cells[3]!,
      target: cells[4]!,
      ok: cells[5]!,
    });
  }
  return rows;
}

interface Person {
  email: string;
  client: TestClient;
}

/**
 * A whole installation moved: seeded through the API on SQLite, copied to PostgreSQL, served
 * from there with every user seeing exactly their own data, copied back with the same checksums;
 * an interrupted copy resumes; a target holding data is refused.
 */
describe("db:copy between SQLite and PostgreSQL", () => {
  let feeds: FeedServer;
  let sqliteServer: TestServer;
  let postgresServer: TestServer | undefined;
  let target: TestPostgres;
  let resumeTarget: TestPostgres;
  let sqlitePath: string;
  const scratch = mkdtempSync(join(tmpdir(), "follow-db-copy-test-"));
  const people: Record<"alice" | "bob" | "carol", Person> = {} as never;
  const before = new Map<string, unknown>();
  let firstCopy: Run;
  let aliceFeedId: string;

  /** A user's view of their own data, as the API shows it. */
  async function stateOf(client: TestClient) {
    // biome-ignore lint/suspicious/noExplicitAny: answers are compared as JSON.
    const read = async (method: string, path: string, json?: unknown): Promise<any> => {
      const answer = await client.request(method, path, json === undefined ? {} : { json });
      return { status: answer.status, body: answer.body };
    };
    const session = await read("GET", "/api/better-auth/get-session");
    const inboxes = await read("GET", "/api/inboxes/list");
    const inboxEntries = [];
    for (const inbox of inboxes.body?.data ?? []) {
      inboxEntries.push(await read("POST", "/api/entries/inbox", { inboxId: inbox.id }));
    }
    return {
      user: session.body?.user,
      subscriptions: await read("GET", "/api/subscriptions"),
      categories: await read("GET", "/api/categories"),
      unread: await read("GET", "/api/reads"),
      timeline: await read("POST", "/api/entries", { withContent: true }),
      stars: await read("POST", "/api/entries", { isCollection: true }),
      lists: await read("GET", "/api/lists/list"),
      inboxes,
      inboxEntries,
      settings: await read("GET", "/api/settings"),
      search: withoutScores(await read("POST", "/api/search", { keyword: "quokka" })),
    };
  }

  /** Ranking is each engine's own (FTS5's bm25, PostgreSQL's ts_rank_cd): the hits must agree. */
  // biome-ignore lint/suspicious/noExplicitAny: answers are compared as JSON.
  function withoutScores(answer: any) {
    for (const hit of answer.body?.data?.entries ?? []) delete hit.score;
    return answer;
  }

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    const env = {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
    };
    sqliteServer = await startTestServer("sqlite", env);
    sqlitePath = join(sqliteServer.dataDir, "follow.sqlite");
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    const aliceUrl = feeds.serve(
      "/alice.xml",
      rssFeed(
        "Alice's quokka notes",
        Array.from({ length: 12 }, (_, i) => ({
          guid: `a${i}`,
          title: i === 3 ? "The quokka smiles" : `Alice ${i} ünïcode 袋鼠`,
          date: day(1 + i),
        })),
      ),
    );
    const bobUrl = feeds.serve(
      "/bob.xml",
      rssFeed(
        "Bob's garden",
        Array.from({ length: 8 }, (_, i) => ({
          guid: `b${i}`,
          title: `Roses ${i}`,
          date: day(2 + i),
        })),
      ),
    );
    for (const name of ["alice", "bob", "carol"] as const) {
      const client = new TestClient(sqliteServer.localUrl);
      const email = uniqueEmail(name);
      expect((await client.signUp(email)).status).toBe(200);
      people[name] = { email, client };
    }
    const { alice, bob, carol } = people;
    const subscribed = await alice.client.request("POST", "/api/subscriptions", {
      json: { url: aliceUrl, view: 0, category: "Mine", isPrivate: true },
    });
    expect(subscribed.status).toBe(200);
    aliceFeedId = subscribed.body.feed.id;
    await bob.client.request("POST", "/api/subscriptions", { json: { url: bobUrl, view: 0 } });
    await carol.client.request("POST", "/api/subscriptions", {
      json: { url: bobUrl, view: 1, category: "Plants" },
    });
    const aliceEntries = (
      await alice.client.request("POST", "/api/entries", { json: { feedId: aliceFeedId } })
    ).body.data.map((d: { entries: { id: string } }) => d.entries.id) as string[];
    await alice.client.request("POST", "/api/reads", {
      json: { entryIds: aliceEntries.slice(0, 4) },
    });
    await alice.client.request("POST", "/api/collections", { json: { entryId: aliceEntries[5] } });
    const bobEntries = (
      await bob.client.request("POST", "/api/entries", { json: {} })
    ).body.data.map((d: { entries: { id: string } }) => d.entries.id) as string[];
    await bob.client.request("POST", "/api/reads", { json: { entryIds: bobEntries.slice(0, 2) } });
    await carol.client.request("POST", "/api/collections", { json: { entryId: bobEntries[1] } });
    const list = await bob.client.request("POST", "/api/lists", {
      json: { title: "Bob's picks", view: 0 },
    });
    expect(list.status).toBe(200);
    await bob.client.request("POST", "/api/lists/feeds", {
      json: {
        listId: list.body.data.id,
        feedId: (await bob.client.request("GET", "/api/subscriptions")).body.data[0].feedId,
      },
    });
    const inbox = await carol.client.request("POST", "/api/inboxes", {
      json: { handle: `carol-${Date.now().toString(36)}`, title: "Carol's mail" },
    });
    expect(inbox.status).toBe(200);
    const posted = await carol.client.request("POST", `/api/inbox-webhooks/${inbox.body.data.id}`, {
      json: {
        title: "Build finished",
        content: "<p>Green quokka build</p>",
        url: "https://ci.example/1",
      },
      headers: { "x-inbox-secret": inbox.body.data.secret },
    });
    expect(posted.status).toBe(200);
    await alice.client.request("PATCH", "/api/settings/general", { json: { groupByDate: true } });
    await bob.client.request("PATCH", "/api/settings/appearance", { json: { colorMode: "dark" } });
    for (const [name, person] of Object.entries(people))
      before.set(name, await stateOf(person.client));
    // The installation is moved with its server stopped.
    await sqliteServer.stop();
    target = await createTestPostgres();
    resumeTarget = await createTestPostgres();
  }, 120_000);

  afterAll(async () => {
    await postgresServer?.stop();
    await sqliteServer?.close();
    await target?.drop();
    await resumeTarget?.drop();
    await feeds?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it("copies SQLite to PostgreSQL and verifies every table", async () => {
    firstCopy = await dbCopy("--from", sqlitePath, "--to", target.url);
    expect(firstCopy.stderr).toBe("");
    expect(firstCopy.code).toBe(0);
    expect(firstCopy.stdout).toContain("verified:");
    const results = resultsOf(firstCopy);
    for (const table of [
      "user",
      "account",
      "session",
      "subscription",
      "feed",
      "entry",
      "unread",
      "read_history",
      "collection",
      "list",
      "list_feed",
      "inbox",
      "user_setting",
      "sync_version",
      "entry_search",
    ]) {
      expect(results.get(table)?.ok, table).toBe("ok");
    }
    expect(results.get("user")!.targetRows).toBe(3);
    expect(results.get("entry")!.targetRows).toBe(12 + 8 + 1);
    expect([...results.values()].every((r) => r.ok === "ok" && r.sourceRows === r.targetRows)).toBe(
      true,
    );
    expect(results.has("kysely_migration")).toBe(false);
    expect(results.has("entry_fts")).toBe(false);
  }, 120_000);

  it("copies PostgreSQL back to SQLite with the same checksums (before a server writes to it)", async () => {
    const back = join(scratch, "back.sqlite");
    const run = await dbCopy("--from", target.url, "--to", back);
    expect(run.code).toBe(0);
    const there = resultsOf(firstCopy);
    const home = resultsOf(run);
    expect([...home.keys()].sort()).toEqual([...there.keys()].sort());
    for (const [table, result] of home) {
      expect(result.ok, table).toBe("ok");
      expect(result.target, table).toBe(there.get(table)!.source);
      expect(result.targetRows, table).toBe(there.get(table)!.sourceRows);
    }
  }, 120_000);

  it("serves every user exactly their own data from PostgreSQL", async () => {
    postgresServer = await startTestServer(
      "postgres",
      { AUTH_RATE_LIMIT_MAX: "1000", INGEST_POLL_SECONDS: "3600" },
      { dataDir: join(scratch, "pg-data"), postgres: { ...target, drop: async () => {} } },
    );
    for (const [name, person] of Object.entries(people)) {
      // The session cookies made on SQLite still hold: sessions were copied too.
      const carried = new TestClient(postgresServer.localUrl).copyCookiesFrom(person.client);
      expect(await stateOf(carried), name).toEqual(before.get(name));
    }
    // Passwords too: a fresh sign-in.
    const fresh = new TestClient(postgresServer.localUrl);
    expect((await fresh.signIn(people.bob.email)).status).toBe(200);
    expect(await stateOf(fresh)).toEqual(before.get("bob"));
    // The states compared above are not empty ones: each holds that user's data and no one else's.
    // biome-ignore lint/suspicious/noExplicitAny: answers are read as JSON.
    const state = (name: string) => before.get(name) as any;
    const titles = (items: Array<{ entries: { title: string } }>) =>
      items.map((d) => d.entries.title).sort();
    expect(state("alice").timeline.body.data).toHaveLength(12);
    expect(state("alice").stars.body.data).toHaveLength(1);
    expect(titles(state("alice").search.body.data.entries)).toEqual(["The quokka smiles"]);
    expect(titles(state("carol").inboxEntries[0].body.data)).toEqual(["Build finished"]);
    expect(state("bob").search.body.data.entries).toEqual([]);
    expect(titles(state("bob").timeline.body.data)).toEqual(
      Array.from({ length: 8 }, (_, i) => `Roses ${i}`).sort(),
    );
    expect(state("bob").lists.body.data.map((l: { title: string }) => l.title)).toEqual([
      "Bob's picks",
    ]);
    expect(state("carol").inboxes.body.data).toHaveLength(1);
    expect(state("alice").settings.body.settings.general.groupByDate).toBe(true);
    // Bob, asking for Alice's private feed by id, gets none of its entries.
    const peek = await fresh.request("POST", "/api/entries", { json: { feedId: aliceFeedId } });
    expect(JSON.stringify(peek.body)).not.toContain("quokka");
    await postgresServer.stop();
    postgresServer = undefined;
  }, 120_000);

  it("resumes an interrupted copy and finishes with identical checksums", async () => {
    const stopped = await dbCopy(
      "--from",
      sqlitePath,
      "--to",
      resumeTarget.url,
      "--batch-size",
      "2",
      "--stop-after-batches",
      "20",
    );
    expect(stopped.code).toBe(3);
    const client = new pg.Client({ connectionString: resumeTarget.url });
    await client.connect();
    try {
      const progress = await client.query(
        "select count(*) filter (where done = 1)::int as done, sum(copied)::int as copied from _copy_progress where name <> ':source'",
      );
      expect(progress.rows[0].copied).toBeGreaterThan(0);
      expect(progress.rows[0].done).toBeLessThan(resultsOf(firstCopy).size);
    } finally {
      await client.end();
    }
    const resumed = await dbCopy(
      "--from",
      sqlitePath,
      "--to",
      resumeTarget.url,
      "--batch-size",
      "2",
      "--resume",
    );
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain("resuming the copy");
    const results = resultsOf(resumed);
    for (const [table, result] of resultsOf(firstCopy)) {
      expect(results.get(table)?.target, table).toBe(result.target);
      expect(results.get(table)?.targetRows, table).toBe(result.targetRows);
    }
    // Done: the progress record is gone.
    const after = new pg.Client({ connectionString: resumeTarget.url });
    await after.connect();
    try {
      const left = await after.query("select to_regclass('_copy_progress') as t");
      expect(left.rows[0].t).toBeNull();
    } finally {
      await after.end();
    }
  }, 180_000);

  it("resumes a copy whose process was killed mid-way", async () => {
    const killedTarget = await createTestPostgres();
    try {
      // One row per batch: hundreds of commits, so the kill lands mid-way.
      const child = spawn(
        process.execPath,
        [
          join(ROOT, "scripts/db-copy.ts"),
          "--from",
          sqlitePath,
          "--to",
          killedTarget.url,
          "--batch-size",
          "1",
        ],
        { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
      );
      const signal = await new Promise<NodeJS.Signals | null>((resolve) => {
        child.stdout.on("data", (chunk: Buffer) => {
          // The first table is done: the progress record exists and batches are committing.
          if (String(chunk).includes(" rows")) child.kill("SIGKILL");
        });
        child.on("exit", (_code, killedBy) => resolve(killedBy));
      });
      expect(signal).toBe("SIGKILL");
      const client = new pg.Client({ connectionString: killedTarget.url });
      await client.connect();
      try {
        const left = await client.query("select count(*)::int as n from _copy_progress");
        expect(left.rows[0].n).toBeGreaterThan(1);
      } finally {
        await client.end();
      }
      const resumed = await dbCopy("--from", sqlitePath, "--to", killedTarget.url);
      expect(resumed.code).toBe(0);
      expect(resumed.stdout).toContain("resuming the copy");
      const results = resultsOf(resumed);
      for (const [table, result] of resultsOf(firstCopy)) {
        expect(results.get(table)?.target, table).toBe(result.target);
      }
    } finally {
      await killedTarget.drop();
    }
  }, 180_000);

  it("refuses a target that holds data, unless forced", async () => {
    const refused = await dbCopy("--from", sqlitePath, "--to", target.url);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("the target is not empty");
    const nothingToResume = await dbCopy("--from", sqlitePath, "--to", target.url, "--resume");
    expect(nothingToResume.code).toBe(2);
    expect(nothingToResume.stderr).toContain("the target holds no unfinished copy");
    const intoSqlite = await dbCopy("--from", target.url, "--to", sqlitePath);
    expect(intoSqlite.code).toBe(2);
    expect(intoSqlite.stderr).toContain("the target is not empty");
    const forced = await dbCopy("--from", sqlitePath, "--to", target.url, "--force");
    expect(forced.code).toBe(0);
    expect(resultsOf(forced).get("entry")?.targetRows).toBe(21);
  }, 180_000);
});
