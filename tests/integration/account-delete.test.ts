import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeFor, enableTwoFactor, PASSWORD, verifiedUser } from "../support/accounts.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { type MailReceiver, startMailReceiver } from "../support/mail-receiver.ts";
import { DIALECTS, type Dialect, startTestServer, type TestServer } from "../support/server.ts";

/** Columns that name a user: ours are user_id / owner_user_id, better-auth's userId. */
const USER_COLUMN = /(^|_)user_?id$/i;

/** Every (table, user column) of the live database, found from its catalogue. */
async function userColumns(dialect: Dialect, server: TestServer) {
  if (dialect === "sqlite") {
    const db = new Database(`${server.dataDir}/follow.sqlite`, { readonly: true });
    try {
      const tables = db
        .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
        .all() as { name: string }[];
      return tables.flatMap(({ name }) =>
        (db.prepare(`pragma table_info("${name}")`).all() as { name: string }[])
          .filter((c) => USER_COLUMN.test(c.name))
          .map((c) => ({ table: name, column: c.name })),
      );
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: server.postgres!.url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select table_name as table, column_name as column from information_schema.columns where table_schema = current_schema()",
    );
    return (rows as { table: string; column: string }[]).filter((r) => USER_COLUMN.test(r.column));
  } finally {
    await client.end();
  }
}

/** How many rows of each user column name the user (plus the user row itself). */
async function rowsOf(dialect: Dialect, server: TestServer, userId: string) {
  const columns = [...(await userColumns(dialect, server)), { table: "user", column: "id" }];
  const counts: Record<string, number> = {};
  if (dialect === "sqlite") {
    const db = new Database(`${server.dataDir}/follow.sqlite`, { readonly: true });
    for (const { table, column } of columns) {
      const row = db
        .prepare(`select count(*) as n from "${table}" where "${column}" = ?`)
        .get(userId) as { n: number };
      counts[`${table}.${column}`] = row.n;
    }
    db.close();
    return counts;
  }
  const client = new pg.Client({ connectionString: server.postgres!.url });
  await client.connect();
  for (const { table, column } of columns) {
    const { rows } = await client.query(
      `select count(*)::int as n from "${table}" where "${column}" = $1`,
      [userId],
    );
    counts[`${table}.${column}`] = rows[0].n;
  }
  await client.end();
  return counts;
}

describe.each(DIALECTS)("delete account on %s", (dialect) => {
  let server: TestServer;
  let smtp: MailReceiver;
  let feeds: FeedServer;
  beforeAll(async () => {
    smtp = await startMailReceiver();
    feeds = await new FeedServer().start();
    feeds.serve(
      "/kept.xml",
      rssFeed("Kept", [{ guid: "1", title: "One", date: new Date(2026, 0, 1) }]),
    );
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      SMTP_URL: smtp.url,
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      DAILY_REPORT_CHECK_SECONDS: "0",
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await feeds?.stop();
  });

  it("removes every row the user owns, in every table with a user column", async () => {
    const { client, email, id } = await verifiedUser(server.localUrl, smtp, "delete");
    const other = new TestClient(server.localUrl);
    const otherId = (await other.signUp(uniqueEmail("keeps"), PASSWORD)).body.user.id as string;
    for (const user of [client, other]) {
      expect(
        (
          await user.request("PATCH", "/api/settings/general", {
            json: { sendAnonymousData: false },
          })
        ).status,
      ).toBe(200);
      expect((await user.request("POST", "/api/reads", { json: { entryIds: [] } })).status).toBe(
        200,
      );
    }
    // AI, actions and push rows of the user: a provider, rules, a browser, a daily report.
    await client.request("POST", "/api/subscriptions", {
      json: { url: feeds.url("/kept.xml"), view: 0 },
    });
    await client.request("PUT", "/api/ai/provider", {
      json: { baseUrl: "http://127.0.0.1:9/v1", model: "m", apiKey: "k" },
    });
    await client.request("PUT", "/api/actions", {
      json: { rules: [{ name: "r", condition: [], result: { star: true } }] },
    });
    await client.request("POST", "/api/push/subscriptions", {
      json: {
        endpoint: "http://127.0.0.1:9/push",
        keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
      },
    });
    await server.runDailyReports();
    const { totpURI } = await enableTwoFactor(client);
    const before = await rowsOf(dialect, server, id);
    for (const table of ["daily_report", "push_subscription", "action_rule", "user_ai_provider"]) {
      expect(before[`${table}.user_id`], table).toBe(1);
    }
    expect(before["user.id"]).toBe(1);
    expect(before["twoFactor.userId"]).toBe(1);
    expect(before["user_setting.user_id"]).toBeGreaterThan(0);
    expect(before["session.userId"]).toBeGreaterThan(0);

    // One code for both tries: a wrong password does not use it up.
    const code = await codeFor(totpURI);
    const noPassword = await client.request("POST", "/api/better-auth/delete-user", { json: {} });
    expect(noPassword.status).toBe(400);
    const noCode = await client.request("POST", "/api/better-auth/delete-user", {
      json: { password: PASSWORD },
    });
    expect(noCode.body.code).toBe(4008);
    const wrongPassword = await client.request("POST", "/api/better-auth/delete-user", {
      json: { password: "not the password", TOTPCode: code },
    });
    expect(wrongPassword.status).toBe(400);
    expect((await rowsOf(dialect, server, id))["user.id"]).toBe(1);

    const deleted = await client.request("POST", "/api/better-auth/delete-user", {
      json: { password: PASSWORD, TOTPCode: code },
    });
    expect(deleted.status).toBe(200);
    const after = await rowsOf(dialect, server, id);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(Object.keys(after).length).toBeGreaterThanOrEqual(9);
    expect((await client.session()).body).toBeNull();
    expect((await new TestClient(server.localUrl).signIn(email, PASSWORD)).status).toBe(401);
    const notice = await smtp.next(email);
    expect(notice.subject).toMatch(/deleted/);

    // The other user keeps everything.
    const kept = await rowsOf(dialect, server, otherId);
    expect(kept["user.id"]).toBe(1);
    expect(kept["user_setting.user_id"]).toBeGreaterThan(0);
    expect((await other.session()).body.user.id).toBe(otherId);
  });

  it("deletes without a code when two-factor is off, and never another user", async () => {
    const a = new TestClient(server.localUrl);
    const aId = (await a.signUp(uniqueEmail("del-a"), PASSWORD)).body.user.id as string;
    const b = new TestClient(server.localUrl);
    await b.signUp(uniqueEmail("del-b"), PASSWORD);
    await b.request("POST", "/api/better-auth/delete-user", {
      json: { password: PASSWORD, userId: aId },
    });
    expect((await a.session()).body.user.id).toBe(aId);
    expect((await b.session()).body).toBeNull();
  });
});
