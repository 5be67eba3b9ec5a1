import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { base32Decode, totpAt } from "../../server/accounts/totp.ts";
import { codeFor, enableTwoFactor, PASSWORD, verifiedUser } from "../support/accounts.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { type MailReceiver, startMailReceiver } from "../support/mail-receiver.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

/** A code that is not the authenticator's now (nor a step either side). */
function wrongCode(totpURI: string): string {
  const key = base32Decode(new URL(totpURI).searchParams.get("secret")!);
  const near = new Set([-30_000, 0, 30_000].map((d) => totpAt(key, Date.now() + d)));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, "0");
    if (!near.has(code)) return code;
  }
}

describe.each(DIALECTS)("two-factor (TOTP) on %s", (dialect) => {
  let server: TestServer;
  let smtp: MailReceiver;
  beforeAll(async () => {
    smtp = await startMailReceiver();
    server = await startTestServer(dialect, { AUTH_RATE_LIMIT_MAX: "1000", SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("needs a verified address to turn on (1006)", async () => {
    const client = new TestClient(server.localUrl);
    await client.signUp(uniqueEmail("unverified"), PASSWORD);
    const enable = await client.request("POST", "/api/better-auth/two-factor/enable", {
      json: { password: PASSWORD },
    });
    expect(enable.status).toBe(403);
    expect(enable.body.code).toBe(1006);
  });

  it("turns on with the password and a code, then asks for the code at sign-in", async () => {
    const { client, email } = await verifiedUser(server.localUrl, smtp, "totp");
    const wrongPassword = await client.request("POST", "/api/better-auth/two-factor/enable", {
      json: { password: "not the password" },
    });
    expect(wrongPassword.status).toBe(400);
    const { totpURI, backupCodes } = await enableTwoFactor(client);
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Follow:/);
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    expect((await client.session()).body.user.twoFactorEnabled).toBe(true);

    const phone = new TestClient(server.localUrl);
    const signIn = await phone.signIn(email, PASSWORD);
    expect(signIn.status).toBe(200);
    expect(signIn.body.twoFactorRedirect).toBe(true);
    expect((await phone.session()).body).toBeNull();

    const missing = await phone.request("POST", "/api/better-auth/two-factor/verify-totp", {
      json: { code: "" },
    });
    expect(missing.body.code).toBe(4008);
    const wrong = await phone.request("POST", "/api/better-auth/two-factor/verify-totp", {
      json: { code: wrongCode(totpURI) },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe(4007);
    expect((await phone.session()).body).toBeNull();
    const code = await codeFor(totpURI);
    const right = await phone.request("POST", "/api/better-auth/two-factor/verify-totp", {
      json: { code },
    });
    expect(right.status).toBe(200);
    expect((await phone.session()).body.user.email).toBe(email);

    // The same code again, still within its window: taken once only.
    const thief = new TestClient(server.localUrl);
    expect((await thief.signIn(email, PASSWORD)).body.twoFactorRedirect).toBe(true);
    const replayed = await thief.request("POST", "/api/better-auth/two-factor/verify-totp", {
      json: { code },
    });
    expect(replayed.status).toBe(401);
    expect(replayed.body.code).toBe(4007);
    expect((await thief.session()).body).toBeNull();

    // A backup code instead, once.
    const tablet = new TestClient(server.localUrl);
    await tablet.signIn(email, PASSWORD);
    const backup = await tablet.request("POST", "/api/better-auth/two-factor/verify-backup-code", {
      json: { code: backupCodes[0] },
    });
    expect(backup.status).toBe(200);
    expect((await tablet.session()).body.user.email).toBe(email);
    const laptop = new TestClient(server.localUrl);
    await laptop.signIn(email, PASSWORD);
    const reused = await laptop.request("POST", "/api/better-auth/two-factor/verify-backup-code", {
      json: { code: backupCodes[0] },
    });
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe(4007);
  });

  it("refuses a code that was just used to confirm two-factor", async () => {
    const { client } = await verifiedUser(server.localUrl, smtp, "totp-confirm");
    const enable = await client.request("POST", "/api/better-auth/two-factor/enable", {
      json: { password: PASSWORD },
    });
    const { totpURI } = enable.body as { totpURI: string };
    const code = await codeFor(totpURI);
    const verify = () =>
      client.request("POST", "/api/better-auth/two-factor/verify-totp", { json: { code } });
    expect((await verify()).status).toBe(200);
    const again = await verify();
    expect(again.status).toBe(401);
    expect(again.body.code).toBe(4007);
  });

  it("turns off with the password only", async () => {
    const { client, email } = await verifiedUser(server.localUrl, smtp, "totp-off");
    await enableTwoFactor(client);
    const wrong = await client.request("POST", "/api/better-auth/two-factor/disable", {
      json: { password: "not the password" },
    });
    expect(wrong.status).toBe(400);
    expect((await client.session()).body.user.twoFactorEnabled).toBe(true);
    const right = await client.request("POST", "/api/better-auth/two-factor/disable", {
      json: { password: PASSWORD },
    });
    expect(right.status).toBe(200);
    expect((await client.session()).body.user.twoFactorEnabled).toBe(false);
    const again = new TestClient(server.localUrl);
    const signIn = await again.signIn(email, PASSWORD);
    expect(signIn.body.twoFactorRedirect).toBeUndefined();
    expect((await again.session()).body.user.email).toBe(email);
  });

  it("lets nobody else turn off or confirm a user's two-factor", async () => {
    const a = await verifiedUser(server.localUrl, smtp, "totp-a");
    await enableTwoFactor(a.client);
    const b = new TestClient(server.localUrl);
    await b.signUp(uniqueEmail("totp-b"), PASSWORD);
    // B's own password only ever reaches B's account.
    await b.request("POST", "/api/better-auth/two-factor/disable", {
      json: { password: PASSWORD, userId: a.id },
    });
    expect((await a.client.session()).body.user.twoFactorEnabled).toBe(true);
    const anonymous = new TestClient(server.localUrl);
    const verify = await anonymous.request("POST", "/api/better-auth/two-factor/verify-totp", {
      json: { code: "123456" },
    });
    expect(verify.status).toBe(401);
  });
});

describe.each(DIALECTS)("second-factor tries on %s", (dialect) => {
  let server: TestServer;
  let smtp: MailReceiver;
  beforeAll(async () => {
    smtp = await startMailReceiver();
    server = await startTestServer(dialect, { AUTH_RATE_LIMIT_MAX: "4", SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("share one budget between TOTP and backup codes", async () => {
    const { client, email } = await verifiedUser(server.localUrl, smtp, "totp-budget");
    // Confirming is the first try of the budget (4).
    const { totpURI, backupCodes } = await enableTwoFactor(client);
    const phone = new TestClient(server.localUrl);
    expect((await phone.signIn(email, PASSWORD)).body.twoFactorRedirect).toBe(true);
    for (let i = 0; i < 3; i += 1) {
      const wrong = await phone.request("POST", "/api/better-auth/two-factor/verify-totp", {
        json: { code: wrongCode(totpURI) },
      });
      expect(wrong.body.code).toBe(4007);
    }
    // The backup-code path has no budget of its own left.
    const backup = await phone.request("POST", "/api/better-auth/two-factor/verify-backup-code", {
      json: { code: backupCodes[0] },
    });
    expect(backup.status).toBe(429);
    expect(backup.body.code).toBe(12000);
    expect((await phone.session()).body).toBeNull();
  });
});
