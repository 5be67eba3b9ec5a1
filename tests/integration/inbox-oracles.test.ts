import { createHash } from "node:crypto";
import { existsSync, readdirSync, renameSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../../server/db/connect.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const DOMAIN = "inbox.test";
const PDF = Buffer.from("%PDF-1.4\n% a file anyone might hold a copy of\n");

/**
 * Inboxes tell outsiders nothing: reserved mailbox names cannot be claimed, SMTP and the webhook
 * answer alike for handles that exist and handles that do not, a mail's files cannot be fetched
 * by someone who only knows their content, and text PostgreSQL refuses (U+0000) is stored on
 * both databases alike instead of failing the mail forever.
 */
describe.each(DIALECTS)("inbox oracles and intake on %s", (dialect) => {
  let server: TestServer;
  let database: DatabaseHandle;
  let alice: TestClient;
  let bob: TestClient;
  let handle: string;
  let secret: string;

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      INBOX_SMTP_PORT: "0",
      INBOX_EMAIL_DOMAIN: DOMAIN,
      MAX_INBOXES_PER_USER: "5",
      INGEST_POLL_SECONDS: "3600",
    });
    database = connectDatabase({
      databaseUrl: server.postgres?.url,
      databasePath: join(server.dataDir, "follow.sqlite"),
      databasePoolMax: 2,
    });
    alice = new TestClient(server.localUrl);
    bob = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("alice-inbox"));
    await bob.signUp(uniqueEmail("bob-inbox"));
    handle = `letters-${dialect}`;
    const created = await alice.request("POST", "/api/inboxes", { json: { handle } });
    expect(created.status).toBe(200);
    secret = created.body.data.secret;
  });
  afterAll(async () => {
    await database?.close();
    await server?.close();
  });

  const mailer = () =>
    nodemailer.createTransport({
      host: "127.0.0.1",
      port: server.smtpPort!,
      secure: false,
      ignoreTLS: true,
    });

  async function titles(client: TestClient, inboxId = handle): Promise<string[]> {
    const answer = await client.request("POST", "/api/entries/inbox", {
      json: { inboxId, withContent: true },
    });
    return answer.body.data.map((item: { entries: { title: string } }) => item.entries.title);
  }

  it("refuses reserved mailbox names as handles, whatever their separators, with a reason", async () => {
    for (const reserved of [
      "postmaster",
      "abuse",
      "hostmaster",
      "webmaster",
      "security",
      "root",
      "admin",
      "mailer-daemon",
      "mailer_daemon",
      "no-reply",
      "no.reply",
      "noreply",
    ]) {
      const answer = await bob.request("POST", "/api/inboxes", { json: { handle: reserved } });
      expect(answer.status, reserved).toBe(400);
      expect(answer.body.code, reserved).toBe(1002);
      expect(answer.body.reason, reserved).toMatch(/reserved/);
    }
    // Upper case never reaches the list: handles are lower case (and mail's local part is folded).
    expect(
      (await bob.request("POST", "/api/inboxes", { json: { handle: "PostMaster" } })).status,
    ).toBe(400);
    expect((await bob.request("GET", "/api/inboxes/list")).body.data).toEqual([]);
    const near = await bob.request("POST", "/api/inboxes", { json: { handle: "admins-digest" } });
    expect(near.status).toBe(200);
  });

  it("answers a webhook post for a handle nobody holds as for a wrong secret", async () => {
    const post = (target: string, given: string) =>
      bob.request("POST", `/api/inbox-webhooks/${target}`, {
        json: { title: "Probe" },
        headers: { "x-inbox-secret": given },
      });
    const known = await post(handle, "not-the-secret");
    const unknown = await post(`nobody-${dialect}`, "not-the-secret");
    const unknownWithSomeSecret = await post(`nobody-${dialect}`, secret);
    for (const answer of [unknown, unknownWithSomeSecret]) {
      expect(answer.status).toBe(known.status);
      expect(answer.body).toEqual(known.body);
    }
    expect(known.status).toBe(403);
    expect(known.body.code).toBe(10003);
    expect(await titles(alice)).toEqual([]);
  });

  it("accepts mail for every local part of its domain alike and keeps only what an inbox holds", async () => {
    const unknown = await mailer().sendMail({
      from: "probe@example.com",
      to: `nobody-${dialect}@${DOMAIN}`,
      subject: "Anyone there?",
      text: "x",
    });
    expect(unknown.accepted).toEqual([`nobody-${dialect}@${DOMAIN}`]);
    const postmaster = await mailer().sendMail({
      from: "probe@example.com",
      to: `postmaster@${DOMAIN}`,
      subject: "Hello postmaster",
      text: "x",
    });
    expect(postmaster.accepted).toEqual([`postmaster@${DOMAIN}`]);
    const both = await mailer().sendMail({
      from: "probe@example.com",
      to: [`nobody-${dialect}@${DOMAIN}`, `${handle}@${DOMAIN}`],
      subject: "For the one that exists",
      text: "x",
    });
    expect(both.accepted).toHaveLength(2);
    // Another domain is still no relay.
    await expect(
      mailer().sendMail({ from: "a@example.com", to: `${handle}@elsewhere.test`, text: "x" }),
    ).rejects.toMatchObject({ responseCode: 550 });
    expect(await titles(alice)).toEqual(["For the one that exists"]);
  });

  it("delivers no mail to a reserved name someone held before such names were refused", async () => {
    const user = await database.db
      .selectFrom("inbox")
      .select("owner_user_id")
      .where("id", "=", handle)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const feedId = `${Date.now()}${dialect === "sqlite" ? 1 : 2}`;
    await database.db
      .insertInto("feed")
      .values({
        id: feedId,
        url: "inbox://postmaster",
        title: "postmaster",
        description: null,
        image: null,
        site_url: null,
        language: null,
        owner_user_id: user.owner_user_id,
        error_at: null,
        error_message: null,
        failure_count: 0,
        etag: null,
        last_modified: null,
        body_hash: null,
        checked_at: null,
        next_check_at: "9999-12-31T00:00:00.000Z",
        lease_owner: null,
        lease_until: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await database.db
      .insertInto("inbox")
      .values({
        id: "postmaster",
        owner_user_id: user.owner_user_id,
        feed_id: feedId,
        title: null,
        secret: "legacy-secret-legacy-secret-0123",
        created_at: now,
      })
      .execute();
    const sent = await mailer().sendMail({
      from: "ca@example.com",
      to: `postmaster@${DOMAIN}`,
      subject: "Approve the certificate for inbox.test",
      text: "x",
    });
    expect(sent.accepted).toHaveLength(1);
    expect(await titles(alice, "postmaster")).toEqual([]);
    // Its owner can still see and delete it.
    expect(
      (await alice.request("DELETE", "/api/inboxes", { json: { handle: "postmaster" } })).status,
    ).toBe(200);
  });

  it("stores mail whose subject, sender or body decodes to U+0000 without it, on both databases", async () => {
    const raw = [
      "From: =?UTF-8?B?TnVsAFNlbmRlcg==?= <nul@example.com>",
      `To: ${handle}@${DOMAIN}`,
      "Subject: =?UTF-8?B?SGkAdGhlcmU=?=",
      "Message-ID: <nul-subject@example.com>",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "a=00b",
      "",
    ].join("\r\n");
    const sent = await mailer().sendMail({
      envelope: { from: "nul@example.com", to: [`${handle}@${DOMAIN}`] },
      raw,
    });
    expect(sent.accepted).toHaveLength(1);
    const items = (
      await alice.request("POST", "/api/entries/inbox", {
        json: { inboxId: handle, withContent: true },
      })
    ).body.data as Array<{ entries: { title: string; author: string; content: string } }>;
    const mail = items.find((item) => item.entries.title === "Hithere");
    expect(mail?.entries.author).toBe("NulSender");
    expect(mail?.entries.content).toContain("ab");

    // JSON bodies holding NUL (webhook posts, inbox titles) are refused at the boundary with
    // 1002, or stored without it: never a 500, and both databases alike.
    const refusedOrStored = (answer: { status: number; body: { code: number } }) => {
      if (answer.status === 400) expect(answer.body.code).toBe(1002);
      else expect(answer.status).toBe(200);
      return answer.status === 200;
    };
    const posted = await bob.request("POST", `/api/inbox-webhooks/${handle}`, {
      json: { title: "Web\u0000hook", content: "<p>x\u0000y</p>", author: "C\u0000I" },
      headers: { "x-inbox-secret": secret },
    });
    if (refusedOrStored(posted)) {
      const hook = await alice.request("GET", `/api/entries/inbox?id=${posted.body.data.entryId}`);
      expect(hook.body.data.entries).toMatchObject({ title: "Webhook", author: "CI" });
      expect(hook.body.data.entries.content).toContain("xy");
    }
    const renamed = await alice.request("PUT", "/api/inboxes", {
      json: { handle, title: "Let\u0000ters" },
    });
    const created = await alice.request("POST", "/api/inboxes", {
      json: { handle: `nul-title-${dialect}`, title: "Nu\u0000l" },
    });
    const expected = [
      ...(refusedOrStored(renamed) ? ["Letters"] : [null]),
      ...(refusedOrStored(created) ? ["Nul"] : []),
    ];
    const listed = (await alice.request("GET", "/api/inboxes/list")).body.data;
    expect(listed.map((inbox: { title: string | null }) => inbox.title)).toEqual(expected);
  });

  it("names a mail's files so that only whoever sees the entry can fetch them", async () => {
    await mailer().sendMail({
      from: "files@example.com",
      to: `${handle}@${DOMAIN}`,
      subject: "Statement",
      text: "Attached.",
      attachments: [{ filename: "statement.pdf", content: PDF, contentType: "application/pdf" }],
    });
    const item = (
      await alice.request("POST", "/api/entries/inbox", {
        json: { inboxId: handle, withContent: true },
      })
    ).body.data.find((i: { entries: { title: string } }) => i.entries.title === "Statement");
    const url = new URL(item.entries.attachments[0].url);
    const name = url.pathname.split("/").at(-1)!;
    const contentName = `${createHash("sha256").update(PDF).digest("hex")}.pdf`;
    expect(name).not.toBe(contentName);
    const served = await fetch(new URL(url.pathname, server.localUrl));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
    expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);
    // Knowing the content gives no address.
    const guessed = await fetch(new URL(`/api/inbox-files/${contentName}`, server.localUrl));
    expect(guessed.status).toBe(404);
    expect(readdirSync(join(server.dataDir, "inbox-files"))).not.toContain(contentName);

    // A file stored before under its content hash: only the owner of an entry linking it.
    const dir = join(server.dataDir, "inbox-files");
    renameSync(join(dir, name), join(dir, contentName));
    const row = await database.db
      .selectFrom("entry")
      .select("attachments")
      .where("id", "=", item.entries.id)
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable("entry")
      .set({ attachments: row.attachments.replace(name, contentName) })
      .where("id", "=", item.entries.id)
      .execute();
    expect(existsSync(join(dir, contentName))).toBe(true);
    const path = `/api/inbox-files/${contentName}`;
    expect((await fetch(new URL(path, server.localUrl))).status).toBe(404);
    expect((await bob.request("GET", path)).status).toBe(404);
    const own = await alice.request("GET", path);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-security-policy")).toContain("sandbox");
    expect(own.text).toBe(PDF.toString());
  });
});
