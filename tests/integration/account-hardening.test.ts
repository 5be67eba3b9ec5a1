import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en/errors.json";
import ja from "../../locales/ja/errors.json";
import zhCN from "../../locales/zh-CN/errors.json";
import zhTW from "../../locales/zh-TW/errors.json";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const PASSWORD = "correct horse battery";

/** A second client holding a copy of the first one's cookies: a stolen session. */
function thiefOf(victim: TestClient, server: TestServer): TestClient {
  return new TestClient(server.localUrl).copyCookiesFrom(victim);
}

async function signedIn(thief: TestClient): Promise<boolean> {
  const session = await thief.session();
  const api = await thief.request("GET", "/api/subscriptions");
  // Both better-auth's own endpoints and ours must agree.
  expect(session.body === null).toBe(api.status === 401);
  return api.status === 200;
}

/** Issue 10, L1: sign-out, password change and revoking other sessions take effect at once. */
describe.each(DIALECTS)("session revocation on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { AUTH_RATE_LIMIT_MAX: "1000" });
  });
  afterAll(() => server?.close());

  it("refuses a copied cookie right after sign-out", async () => {
    const victim = new TestClient(server.localUrl);
    await victim.signUp(uniqueEmail("l1-signout"));
    const thief = thiefOf(victim, server);
    // Warm every cache: better-auth's cookie cache and our session memo.
    expect(await signedIn(thief)).toBe(true);
    expect(await signedIn(thief)).toBe(true);
    expect((await victim.signOut()).status).toBe(200);
    expect(await signedIn(thief)).toBe(false);
    const write = await thief.request("POST", "/api/reads", { json: { entryIds: [] } });
    expect(write.status).toBe(401);
    expect(write.body.code).toBe(1000);
  });

  it("signs every other session out on a password change, even when not asked to", async () => {
    const email = uniqueEmail("l1-password");
    const laptop = new TestClient(server.localUrl);
    await laptop.signUp(email);
    const stolen = thiefOf(laptop, server);
    expect(await signedIn(stolen)).toBe(true);
    const phone = new TestClient(server.localUrl);
    await phone.signIn(email);
    const change = await phone.request("POST", "/api/better-auth/change-password", {
      json: {
        currentPassword: PASSWORD,
        newPassword: "a new and longer passphrase",
        revokeOtherSessions: false,
      },
    });
    expect(change.status).toBe(200);
    expect(await signedIn(stolen)).toBe(false);
    expect(await signedIn(laptop)).toBe(false);
    expect(await signedIn(phone)).toBe(true);
  });

  it("refuses the other sessions right after 'sign out other sessions'", async () => {
    const email = uniqueEmail("l1-others");
    const laptop = new TestClient(server.localUrl);
    await laptop.signUp(email);
    const stolen = thiefOf(laptop, server);
    expect(await signedIn(stolen)).toBe(true);
    const phone = new TestClient(server.localUrl);
    await phone.signIn(email);
    const revoke = await phone.request("POST", "/api/better-auth/revoke-other-sessions", {
      json: {},
    });
    expect(revoke.status).toBe(200);
    expect(await signedIn(stolen)).toBe(false);
    expect(await signedIn(phone)).toBe(true);
  });
});

describe("account input rules (sqlite)", () => {
  let server: TestServer;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), "follow-client-"));
    writeFileSync(join(clientDir, "index.html"), "<!doctype html><title>Follow</title>");
    server = await startTestServer("sqlite", {
      AUTH_RATE_LIMIT_MAX: "1000",
      CLIENT_DIST_DIR: clientDir,
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it("caps user fields at sign-up and update-user with 400 / 1002 (L2)", async () => {
    const signUps: Array<[string, Record<string, unknown>]> = [
      ["long name", { name: "n".repeat(101) }],
      ["20,000-character name", { name: "n".repeat(20_000) }],
      ["long image", { image: `https://example.com/${"i".repeat(2100)}` }],
      ["long e-mail", { email: `${"e".repeat(250)}@example.com` }],
      ["blank name", { name: "   " }],
    ];
    for (const [label, fields] of signUps) {
      const response = await new TestClient(server.localUrl).request(
        "POST",
        "/api/better-auth/sign-up/email",
        { json: { email: uniqueEmail("l2"), password: PASSWORD, name: "Ok", ...fields } },
      );
      expect(response.status, label).toBe(400);
      expect(response.body.code, label).toBe(1002);
    }
    const client = new TestClient(server.localUrl);
    expect((await client.signUp(uniqueEmail("l2"), PASSWORD, "n".repeat(100))).status).toBe(200);
    for (const fields of [{ name: "n".repeat(20_000) }, { image: "i".repeat(2049) }]) {
      const response = await client.request("POST", "/api/better-auth/update-user", {
        json: fields,
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe(1002);
    }
    expect((await client.session()).body.user.name).toBe("n".repeat(100));
    // The session cookies stay small enough for every browser.
    expect(client.cookieHeader().length).toBeLessThan(4096);
  });

  it("answers update-user names of the wrong type with 400, never a 500 (L3)", async () => {
    const client = new TestClient(server.localUrl);
    await client.signUp(uniqueEmail("l3"), PASSWORD, "Typed");
    for (const name of [null, [], {}, { first: "a" }, 5, true]) {
      const response = await client.request("POST", "/api/better-auth/update-user", {
        json: { name },
      });
      expect(response.status, JSON.stringify(name)).toBe(400);
      expect(response.body.code, JSON.stringify(name)).toBe(1002);
    }
    for (const body of [
      "null",
      "[]",
      '"name"',
      `{"name":${"[".repeat(5000)}${"]".repeat(5000)}}`,
    ]) {
      const response = await client.request("POST", "/api/better-auth/update-user", {
        body,
        headers: { "content-type": "application/json" },
      });
      expect(response.status, body.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(response.status, body.slice(0, 20)).toBeLessThan(500);
    }
    expect((await client.session()).body.user.name).toBe("Typed");
  });

  it("answers broken percent-encoding in a page path with 400, not 500 (L3)", async () => {
    for (const path of ["/%", "/%E0%A4%A", "/assets/%ZZ", "/%C0"]) {
      const response = await fetch(`${server.localUrl}${path}`);
      expect(response.status, path).toBe(400);
      expect(((await response.json()) as { code: number }).code, path).toBe(1002);
    }
    expect((await fetch(`${server.localUrl}/timeline`)).status).toBe(200);
  });

  it("answers sign-up alike for a new and a registered address, and signs in neither (L4)", async () => {
    const signUp = (email: string, password = PASSWORD) =>
      new TestClient(server.localUrl).request("POST", "/api/better-auth/sign-up/email", {
        json: { email, password, name: "Reader" },
      });
    /** Keys and value types, recursively: what a client could tell the answers apart by. */
    const shape = (value: unknown): unknown =>
      value !== null && typeof value === "object"
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]))
        : value === null
          ? "null"
          : typeof value;
    const email = uniqueEmail("l4");
    const created = await signUp(email);
    const answers = [
      created,
      await signUp(uniqueEmail("l4-new")),
      await signUp(email, "a different passphrase"),
      await signUp(email.toUpperCase(), "a different passphrase"),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(shape(answer.body)).toEqual(shape(created.body));
      expect(answer.body.token).toBeNull();
      expect(answer.headers.getSetCookie()).toEqual([]);
    }
    expect(answers[2]!.body.user.email).toBe(email);
    expect(answers[2]!.body.user.id).not.toBe(created.body.user.id);
    // The registered account is untouched, and its owner is told someone tried.
    expect((await new TestClient(server.localUrl).signIn(email, PASSWORD)).status).toBe(200);
    expect(
      (await new TestClient(server.localUrl).signIn(email, "a different passphrase")).status,
    ).toBe(401);
    const mailsTo = () =>
      server.logs.filter((l) => l.msg === "mail written (no SMTP_URL)" && l.to === email).length;
    await expect.poll(mailsTo).toBe(3);
  });

  it("refuses the most common passwords with a message in the user's language (L5)", async () => {
    const languages: Array<[string, string]> = [
      ["en-US,en;q=0.9", en["password.common"]],
      ["ja-JP,ja;q=0.9", ja["password.common"]],
      ["zh-CN,zh;q=0.9", zhCN["password.common"]],
      ["zh-TW", zhTW["password.common"]],
      ["fr-FR, ja;q=0.5", ja["password.common"]],
      ["", en["password.common"]],
    ];
    for (const [acceptLanguage, message] of languages) {
      const response = await new TestClient(server.localUrl).request(
        "POST",
        "/api/better-auth/sign-up/email",
        {
          json: { email: uniqueEmail("l5"), password: "password", name: "Weak" },
          headers: { "accept-language": acceptLanguage },
        },
      );
      expect(response.status, acceptLanguage).toBe(400);
      expect(response.body.code).toBe(1002);
      expect(response.body.reason).toBe(message);
    }
    expect(new Set(languages.map(([, m]) => m)).size).toBe(4);
    for (const password of ["12345678", "qwertyuiop", "Password1", "  iloveyou  "]) {
      const response = await new TestClient(server.localUrl).request(
        "POST",
        "/api/better-auth/sign-up/email",
        { json: { email: uniqueEmail("l5"), password, name: "Weak" } },
      );
      expect(response.status, password).toBe(400);
    }
    const client = new TestClient(server.localUrl);
    expect((await client.signUp(uniqueEmail("l5"))).status).toBe(200);
    const change = await client.request("POST", "/api/better-auth/change-password", {
      json: { currentPassword: PASSWORD, newPassword: "football" },
    });
    expect(change.status).toBe(400);
    expect(change.body.reason).toBe(en["password.common"]);
  });

  it("refuses easy passwords saying why, wherever a new password is chosen", async () => {
    const weak: Array<[string, keyof typeof en]> = [
      ["aaaaaaaa", "password.repeated"],
      ["        ", "password.onlySpaces"],
      // NUL is refused for every text field before this rule; other control characters here.
      ["\u0001".repeat(8), "password.control"],
      ["abcdefgh", "password.sequence"],
      ["xyzxyzxy", "password.pattern"],
      ["asdfghjk", "password.keyboard"],
    ];
    const client = new TestClient(server.localUrl);
    expect((await client.signUp(uniqueEmail("weak"))).status).toBe(200);
    const tries = {
      signUp: (password: string) =>
        new TestClient(server.localUrl).request("POST", "/api/better-auth/sign-up/email", {
          json: { email: uniqueEmail("weak"), password, name: "Weak" },
        }),
      change: (password: string) =>
        client.request("POST", "/api/better-auth/change-password", {
          json: { currentPassword: PASSWORD, newPassword: password },
        }),
      reset: (password: string) =>
        new TestClient(server.localUrl).request("POST", "/api/better-auth/reset-password", {
          json: { token: "not-a-token", newPassword: password },
        }),
      set: (password: string) =>
        client.request("POST", "/api/better-auth/set-password", {
          json: { newPassword: password },
        }),
    };
    for (const [password, key] of weak) {
      for (const [path, attempt] of Object.entries(tries)) {
        const answer = await attempt(password);
        expect(answer.status, `${path} ${JSON.stringify(password)}`).toBe(400);
        expect(answer.body.code).toBe(1002);
        expect(answer.body.reason, `${path} ${JSON.stringify(password)}`).toBe(en[key]);
      }
    }
    for (const attempt of Object.values(tries)) {
      expect((await attempt("\u0000".repeat(8))).body.code).toBe(1002);
    }
    const japanese = await client.request("POST", "/api/better-auth/change-password", {
      json: { currentPassword: PASSWORD, newPassword: "aaaaaaaa" },
      headers: { "accept-language": "ja" },
    });
    expect(japanese.body.reason).toBe(ja["password.repeated"]);
    // Nothing was changed: the session (signed out by a real change) still works.
    expect((await client.session()).body.user).toBeTruthy();
  });
});
