import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, verifyFromMailDirectory } from "../support/accounts.ts";
import { FeedServer, rssFeed } from "../support/feed-server.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const item = (n: number) => [{ guid: `g${n}`, title: `Entry ${n}`, date: new Date() }];

describe.each(DIALECTS)("invitation mode and trial accounts on %s", (dialect) => {
  let server: TestServer;
  let feeds: FeedServer;
  const adminEmail = uniqueEmail("admin");
  let admin: TestClient;

  beforeAll(async () => {
    feeds = await new FeedServer().start();
    for (const n of [1, 2, 3]) feeds.serve(`/feed-${n}.xml`, rssFeed(`Feed ${n}`, item(n)));
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      FETCH_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8",
      INGEST_POLL_SECONDS: "3600",
      REGISTRATION_MODE: "invitation",
      TRIAL_MAX_FEEDS: "1",
      INVITATION_LIMIT: "2",
      ADMIN_EMAILS: adminEmail,
    });
    admin = new TestClient(server.localUrl);
    await admin.signUp(adminEmail, PASSWORD);
    // ADMIN_EMAILS makes an admin once the address is verified.
    await verifyFromMailDirectory(server, admin, adminEmail);
  });
  afterAll(async () => {
    await server?.close();
    await feeds?.stop();
  });

  const subscribe = (client: TestClient, n: number) =>
    client.request("POST", "/api/subscriptions", {
      json: { url: feeds.url(`/feed-${n}.xml`), view: 0 },
    });

  it("starts new accounts on trial: one feed, then 1100; no codes to hand out (1103)", async () => {
    const trial = new TestClient(server.localUrl);
    await trial.signUp(uniqueEmail("trial"), PASSWORD);
    expect((await trial.session()).body.role).toBe("trial");
    expect((await subscribe(trial, 1)).status).toBe(200);
    const second = await subscribe(trial, 2);
    expect(second.status).toBe(403);
    expect(second.body.code).toBe(1100);
    const create = await trial.request("POST", "/api/invitations", { json: {} });
    expect(create.body.code).toBe(1103);
    expect((await trial.request("GET", "/api/invitations/limitation")).body).toEqual({
      code: 0,
      data: 0,
    });
  });

  it("lets an admin create codes up to the limit (then 5000), listed only to their creator", async () => {
    expect((await admin.session()).body.role).toBe("admin");
    const before = (await admin.request("GET", "/api/invitations/limitation")).body.data;
    const created = await admin.request("POST", "/api/invitations", { json: {} });
    expect(created.status).toBe(200);
    expect(created.body.data.code).toMatch(/^[2-9A-HJ-NP-Z]{10}$/);
    expect((await admin.request("GET", "/api/invitations/limitation")).body.data).toBe(before - 1);
    const listed = await admin.request("GET", "/api/invitations");
    expect(listed.body.data.map((i: { code: string }) => i.code)).toContain(created.body.data.code);
    while ((await admin.request("GET", "/api/invitations/limitation")).body.data > 0) {
      expect((await admin.request("POST", "/api/invitations", { json: {} })).status).toBe(200);
    }
    const over = await admin.request("POST", "/api/invitations", { json: {} });
    expect(over.body.code).toBe(5000);

    const other = new TestClient(server.localUrl);
    await other.signUp(uniqueEmail("nosy"), PASSWORD);
    expect((await other.request("GET", "/api/invitations")).body.data).toEqual([]);
  });

  it("activates a trial account with a valid code, once: the role and the quota change at once", async () => {
    const codes = (await admin.request("GET", "/api/invitations")).body.data as {
      code: string;
      usedBy: string | null;
    }[];
    const code = codes.find((c) => c.usedBy === null)!.code;
    const trial = new TestClient(server.localUrl);
    const trialId = (await trial.signUp(uniqueEmail("activate"), PASSWORD)).body.user.id;
    expect((await subscribe(trial, 1)).status).toBe(200);
    expect((await subscribe(trial, 2)).body.code).toBe(1100);

    const unknown = await trial.request("POST", "/api/invitations/use", {
      json: { code: "NOPE234567" },
    });
    expect(unknown.body.code).toBe(5003);
    const used = await trial.request("POST", "/api/invitations/use", {
      json: { code: ` ${code.toLowerCase()} ` },
    });
    expect(used.status).toBe(200);
    expect(used.body).toEqual({ code: 0 });
    expect((await trial.session()).body.role).toBe("user");
    expect((await subscribe(trial, 2)).status).toBe(200);
    const after = (await admin.request("GET", "/api/invitations")).body.data.find(
      (c: { code: string }) => c.code === code,
    );
    expect(after.usedBy).toBe(trialId);

    const late = new TestClient(server.localUrl);
    await late.signUp(uniqueEmail("late"), PASSWORD);
    const again = await late.request("POST", "/api/invitations/use", { json: { code } });
    expect(again.body.code).toBe(5002);
    expect((await late.session()).body.role).toBe("trial");
  });

  it("slows down guessing codes (12000), and refuses bad bodies with 1002", async () => {
    const guesser = new TestClient(server.localUrl);
    await guesser.signUp(uniqueEmail("guess"), PASSWORD);
    const codes: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const answer = await guesser.request("POST", "/api/invitations/use", {
        json: { code: `GUESS${i}` },
      });
      codes.push(answer.body.code);
    }
    expect(codes.slice(0, 10).every((c) => c === 5003)).toBe(true);
    expect(codes.at(-1)).toBe(12000);
    for (const body of [{}, { code: "" }, { code: 5 }, { code: "x".repeat(65) }]) {
      const answer = await guesser.request("POST", "/api/invitations/use", { json: body });
      expect(answer.body.code, JSON.stringify(body)).toBe(1002);
    }
  });
});

describe("closed registration", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite", {
      REGISTRATION_MODE: "closed",
      AUTH_RATE_LIMIT_MAX: "1000",
    });
  });
  afterAll(() => server?.close());

  it("refuses every new account", async () => {
    const answer = await new TestClient(server.localUrl).signUp(uniqueEmail("closed"), PASSWORD);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe(1004);
  });
});
