import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const DOMAIN = "inbox.test";

/** Inboxes: e-mail (a real SMTP conversation) and webhooks become entries of their owner's inbox. */
describe.each(DIALECTS)("inboxes on %s", (dialect) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let handle: string;
  let secret: string;

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      INBOX_SMTP_PORT: "0",
      INBOX_EMAIL_DOMAIN: DOMAIN,
      INBOX_MAX_MESSAGE_BYTES: "40000",
      MAX_INBOXES_PER_USER: "2",
      INGEST_POLL_SECONDS: "3600",
    });
    alice = new TestClient(server.localUrl);
    bob = new TestClient(server.localUrl);
    await alice.signUp(uniqueEmail("alice"));
    await bob.signUp(uniqueEmail("bob"));
    handle = `news-${dialect}-${Date.now().toString(36)}`;
  });
  afterAll(async () => {
    await server?.close();
  });

  const mailer = () =>
    nodemailer.createTransport({
      host: "127.0.0.1",
      port: server.smtpPort!,
      secure: false,
      ignoreTLS: true,
    });

  async function inboxEntries(client: TestClient, extra: Record<string, unknown> = {}) {
    return client.request("POST", "/api/entries/inbox", {
      json: { inboxId: handle, withContent: true, ...extra },
    });
  }

  it("creates an inbox with an address, a webhook URL and a secret; handles are unique", async () => {
    const created = await alice.request("POST", "/api/inboxes", {
      json: { handle, title: "News" },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      type: "inbox",
      id: handle,
      title: "News",
      email: `${handle}@${DOMAIN}`,
      webhookUrl: `/api/inbox-webhooks/${handle}`,
    });
    secret = created.body.data.secret;
    expect(secret.length).toBeGreaterThanOrEqual(24);
    expect((await bob.request("POST", "/api/inboxes", { json: { handle } })).body.code).toBe(10001);
    expect(
      (await alice.request("POST", "/api/inboxes", { json: { handle: "No Spaces!" } })).body.code,
    ).toBe(1002);
    expect(
      (await alice.request("POST", "/api/inboxes", { json: { handle: `${handle}-2` } })).status,
    ).toBe(200);
    const third = await alice.request("POST", "/api/inboxes", { json: { handle: `${handle}-3` } });
    expect(third.body.code).toBe(10002);
    expect(
      (await alice.request("DELETE", "/api/inboxes", { json: { handle: `${handle}-2` } })).status,
    ).toBe(200);
    expect(
      (await alice.request("PUT", "/api/inboxes", { json: { handle, title: "Letters" } })).status,
    ).toBe(200);
    const listed = await alice.request("GET", "/api/inboxes/list");
    expect(listed.body.data.map((i: { id: string; title: string }) => [i.id, i.title])).toEqual([
      [handle, "Letters"],
    ]);
    const subscriptions = (await alice.request("GET", "/api/subscriptions")).body.data;
    expect(subscriptions).toEqual([expect.objectContaining({ inboxId: handle, view: 0 })]);
  });

  it("takes mail for the inbox over SMTP: subject, sender and a sanitized body", async () => {
    await mailer().sendMail({
      from: '"Weekly Digest" <digest@example.com>',
      to: `${handle}@${DOMAIN}`,
      subject: "Issue 42",
      html: '<h1>Hello</h1><p onclick="steal()">Read <a href="https://example.com/a">this</a></p><script>alert(1)</script><img src="x" onerror="alert(2)">',
    });
    const answer = await inboxEntries(alice);
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBe(1);
    const [item] = answer.body.data;
    expect(item.feeds).toEqual({ type: "inbox", id: handle, title: "Letters" });
    expect(item.read).toBe(false);
    expect(item.entries.title).toBe("Issue 42");
    expect(item.entries.author).toBe("Weekly Digest");
    expect(item.entries.content).toContain("<h1>Hello</h1>");
    expect(item.entries.content).toContain('href="https://example.com/a"');
    expect(item.entries.content).not.toMatch(/script|onclick|onerror|alert/);
    expect((await alice.request("GET", "/api/reads")).body.data[handle]).toBe(1);
  });

  it("keeps a mail's attached files and serves them back, inline images staying in the body", async () => {
    const pdf = Buffer.from("%PDF-1.4\n% a small file\n");
    const pixel = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    await mailer().sendMail({
      from: "files@example.com",
      to: `${handle}@${DOMAIN}`,
      subject: "With files",
      html: '<p>See the chart: <img src="cid:chart@x"></p>',
      attachments: [
        { filename: "report.pdf", content: pdf, contentType: "application/pdf" },
        { filename: "chart.png", content: pixel, contentType: "image/png", cid: "chart@x" },
      ],
    });
    const item = (await inboxEntries(alice)).body.data.find(
      (i: { entries: { title: string } }) => i.entries.title === "With files",
    );
    expect(item.entries.content).toContain("data:image/png;base64,");
    expect(item.entries.attachments).toHaveLength(1);
    const [attachment] = item.entries.attachments;
    expect(attachment).toMatchObject({ title: "report.pdf", mime_type: "application/pdf" });
    const path = new URL(attachment.url).pathname;
    const served = await fetch(new URL(path, server.localUrl));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-disposition")).toBe("attachment");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);
    const missing = await alice.request("GET", "/api/inbox-files/..%2F..%2Ffollow.sqlite");
    expect(missing.status).toBe(404);
    // One more entry than before: later tests count entries.
    await alice.request("DELETE", "/api/entries/inbox", { json: { entryId: item.entries.id } });
  });

  it("refuses mail for other domains at RCPT and oversized mail; drops mail for unknown handles", async () => {
    // Accepted like mail for a handle that exists (no oracle), and stored nowhere.
    await mailer().sendMail({
      from: "a@example.com",
      to: `nobody@${DOMAIN}`,
      subject: "x",
      text: "x",
    });
    await expect(
      mailer().sendMail({
        from: "a@example.com",
        to: `${handle}@elsewhere.test`,
        subject: "x",
        text: "x",
      }),
    ).rejects.toMatchObject({ responseCode: 550 });
    await expect(
      mailer().sendMail({
        from: "a@example.com",
        to: `${handle}@${DOMAIN}`,
        subject: "big",
        text: "x".repeat(80_000),
      }),
    ).rejects.toMatchObject({ responseCode: 552 });
    expect((await inboxEntries(alice)).body.total).toBe(1);
  });

  it("takes webhook posts with the secret only; a bad body is 1002", async () => {
    const url = `/api/inbox-webhooks/${handle}`;
    const wrong = await bob.request("POST", url, {
      json: { title: "Forged" },
      headers: { "x-inbox-secret": "not-the-secret" },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe(10003);
    const bad = await bob.request("POST", url, {
      json: { title: 5 },
      headers: { "x-inbox-secret": secret },
    });
    expect(bad.body.code).toBe(1002);
    const posted = await bob.request("POST", url, {
      json: {
        title: "Build finished",
        content: '<p>Green <iframe src="https://evil.example/"></iframe></p>',
        url: "https://ci.example/1",
        author: "CI",
      },
      headers: { "x-inbox-secret": secret },
    });
    expect(posted.status).toBe(200);
    const one = await alice.request("GET", `/api/entries/inbox?id=${posted.body.data.entryId}`);
    expect(one.body.data.entries).toMatchObject({
      title: "Build finished",
      author: "CI",
      url: "https://ci.example/1",
    });
    expect(one.body.data.entries.content).not.toContain("evil.example");
    expect((await inboxEntries(alice)).body.total).toBe(2);
  });

  it("keeps an inbox to its owner (10003) and its entries out of others' reach", async () => {
    const [item] = (await inboxEntries(alice)).body.data;
    const entryId = item.entries.id;
    for (const answer of [
      await bob.request("GET", `/api/inboxes?handle=${handle}`),
      await bob.request("PUT", "/api/inboxes", { json: { handle, title: "Mine" } }),
      await bob.request("DELETE", "/api/inboxes", { json: { handle } }),
      await inboxEntries(bob),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe(10003);
    }
    expect((await bob.request("GET", `/api/entries/inbox?id=${entryId}`)).body.code).toBe(3000);
    expect((await bob.request("GET", `/api/entries?id=${entryId}`)).body.code).toBe(3000);
    expect(
      (await bob.request("DELETE", "/api/entries/inbox", { json: { entryId } })).body.code,
    ).toBe(3000);
    expect(
      (await bob.request("POST", "/api/reads/all", { json: { inboxId: handle } })).body.data.read,
    ).toEqual({});
    expect((await alice.request("GET", "/api/reads")).body.data[handle]).toBe(2);
    expect((await inboxEntries(alice)).body.total).toBe(2);
  });

  it("marks all read, deletes an entry, then the inbox", async () => {
    await alice.request("POST", "/api/reads/all", { json: { inboxId: handle } });
    expect((await alice.request("GET", "/api/reads")).body.data[handle]).toBeUndefined();
    expect((await inboxEntries(alice, { read: false })).body.data).toEqual([]);
    const [item] = (await inboxEntries(alice)).body.data;
    expect(
      (await alice.request("DELETE", "/api/entries/inbox", { json: { entryId: item.entries.id } }))
        .status,
    ).toBe(200);
    expect((await inboxEntries(alice)).body.total).toBe(1);
    expect((await alice.request("DELETE", "/api/inboxes", { json: { handle } })).status).toBe(200);
    expect((await alice.request("GET", `/api/inboxes?handle=${handle}`)).body.code).toBe(10000);
    expect((await alice.request("GET", "/api/subscriptions")).body.data).toEqual([]);
  });

  it("pages through webhook entries that share a publish time without losing any", async () => {
    const tied = `${handle}-tied`;
    const created = await alice.request("POST", "/api/inboxes", { json: { handle: tied } });
    const hook = { "x-inbox-secret": created.body.data.secret as string };
    // A build server posting a batch under one timestamp.
    const publishedAt = "2026-05-01T10:00:00.000Z";
    for (let i = 0; i < 5; i++) {
      const posted = await alice.request("POST", `/api/inbox-webhooks/${tied}`, {
        json: { title: `Job ${i}`, guid: `job-${i}`, publishedAt },
        headers: hook,
      });
      expect(posted.status).toBe(200);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const { body } = await alice.request("POST", "/api/entries/inbox", {
        json: { inboxId: tied, limit: 2, ...(cursor ? { publishedAfter: cursor } : {}) },
      });
      const data = body.data as Array<{ entries: { title: string; publishedAt: string } }>;
      if (data.length === 0) break;
      seen.push(...data.map((item) => item.entries.title));
      cursor = data.at(-1)!.entries.publishedAt;
    }
    expect([...seen].sort()).toEqual(["Job 0", "Job 1", "Job 2", "Job 3", "Job 4"]);
  });
});
