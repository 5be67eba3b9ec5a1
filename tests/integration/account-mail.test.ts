import { createHmac } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAIL_WORDS } from "../../server/mail/messages.ts";
import { verifiedUser } from "../support/accounts.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { type MailReceiver, startMailReceiver } from "../support/mail-receiver.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

const PASSWORD = "correct horse battery";

/** The one link of a mail that points at our server. */
function linkIn(mail: { links: string[] }, server: TestServer): string {
  const link = mail.links.find((l) => l.startsWith(server.localUrl));
  expect(link, mail.links.join(" ")).toBeDefined();
  return link!;
}

describe.each(DIALECTS)("account mail over SMTP on %s", (dialect) => {
  let server: TestServer;
  let smtp: MailReceiver;
  beforeAll(async () => {
    smtp = await startMailReceiver();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Follow <follow@example.com>",
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("mails a verification link at sign-up that verifies, signs in, and works once", async () => {
    const email = uniqueEmail("verify");
    const client = new TestClient(server.localUrl);
    const signUp = await client.request("POST", "/api/better-auth/sign-up/email", {
      json: { email, password: PASSWORD, name: "Verifier", callbackURL: "/settings/account" },
      headers: { "accept-language": "ja,en;q=0.5" },
    });
    expect(signUp.status).toBe(200);
    const mail = await smtp.next(email);
    expect(mail.subject).toBe(MAIL_WORDS.ja.verifyEmail.subject);
    expect(mail.from).toBe("follow@example.com");
    expect(mail.text).toContain("Verifier");
    expect(mail.html).toContain("<a href=");

    // Followed in another browser: the link itself signs in.
    const browser = new TestClient(server.localUrl);
    const follow = await browser.request("GET", linkIn(mail, server));
    expect(follow.status).toBe(302);
    expect(follow.headers.get("location")).toBe("/settings/account");
    const session = await browser.session();
    expect(session.body.user.email).toBe(email);
    expect(session.body.user.emailVerified).toBe(true);

    const again = await new TestClient(server.localUrl).request("GET", linkIn(mail, server));
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/settings/account?error=TOKEN_USED");
  });

  it("sends the verification mail again on request, in the request's language", async () => {
    const email = uniqueEmail("resend");
    const client = new TestClient(server.localUrl);
    await client.signUp(email);
    await smtp.next(email);
    const resend = await client.request("POST", "/api/better-auth/send-verification-email", {
      json: { email, callbackURL: "/" },
      headers: { "accept-language": "zh-TW" },
    });
    expect(resend.status).toBe(200);
    const mail = await smtp.next(email);
    expect(mail.subject).toBe(MAIL_WORDS["zh-TW"].verifyEmail.subject);
    expect((await client.request("GET", linkIn(mail, server))).status).toBe(302);
    expect((await client.session()).body.user.emailVerified).toBe(true);
  });

  it("answers a second sign-up as a first one and mails the address's owner", async () => {
    const email = uniqueEmail("existing");
    await new TestClient(server.localUrl).signUp(email);
    await smtp.next(email);
    const again = await new TestClient(server.localUrl).signUp(email, "another long passphrase");
    expect(again.status).toBe(200);
    expect(again.body.token).toBeNull();
    const mail = await smtp.next(email);
    expect(mail.subject).toBe(MAIL_WORDS.en.signUpExisting.subject);
    expect(linkIn(mail, server)).toBe(`${server.localUrl}/login`);
  });

  it("resets a forgotten password through the mailed link, once, signing other sessions out", async () => {
    const email = uniqueEmail("reset");
    const laptop = new TestClient(server.localUrl);
    await laptop.signUp(email);
    await smtp.next(email);
    const request = await new TestClient(server.localUrl).request(
      "POST",
      "/api/better-auth/request-password-reset",
      { json: { email, redirectTo: "/login?mode=reset" } },
    );
    expect(request.status).toBe(200);
    const mail = await smtp.next(email);
    expect(mail.subject).toBe(MAIL_WORDS.en.resetPassword.subject);

    const browser = new TestClient(server.localUrl);
    const follow = await browser.request("GET", linkIn(mail, server));
    expect(follow.status).toBe(302);
    const landing = new URL(follow.headers.get("location")!, server.localUrl);
    expect(landing.pathname).toBe("/login");
    expect(landing.searchParams.get("mode")).toBe("reset");
    const token = landing.searchParams.get("token")!;
    const reset = await browser.request("POST", "/api/better-auth/reset-password", {
      json: { token, newPassword: "a brand new passphrase" },
    });
    expect(reset.status).toBe(200);
    const reuse = await browser.request("POST", "/api/better-auth/reset-password", {
      json: { token, newPassword: "yet another passphrase" },
    });
    expect(reuse.status).toBe(400);
    expect((await laptop.session()).body).toBeNull();
    expect((await new TestClient(server.localUrl).signIn(email, PASSWORD)).status).toBe(401);
    expect(
      (await new TestClient(server.localUrl).signIn(email, "a brand new passphrase")).status,
    ).toBe(200);
  });

  it("asks for a reset of an unknown address with the same answer and sends nothing", async () => {
    const email = uniqueEmail("nobody");
    const request = await new TestClient(server.localUrl).request(
      "POST",
      "/api/better-auth/request-password-reset",
      { json: { email, redirectTo: "/login?mode=reset" } },
    );
    expect(request.status).toBe(200);
    // A known address sent right after is delivered; the unknown one never got a mail.
    const known = uniqueEmail("known");
    await new TestClient(server.localUrl).signUp(known);
    await smtp.next(known);
    expect(smtp.count(email)).toBe(0);
  });

  it("changes the address once the new one confirms, telling the old one", async () => {
    const { client, email } = await verifiedUser(server.localUrl, smtp, "move");
    const newEmail = uniqueEmail("moved");
    const change = await client.request("POST", "/api/better-auth/change-email", {
      json: { newEmail, callbackURL: "/settings/account" },
    });
    expect(change.status).toBe(200);
    const confirm = await smtp.next(newEmail);
    expect(confirm.subject).toBe(MAIL_WORDS.en.changeEmailVerify.subject);
    const notice = await smtp.next(email);
    expect(notice.subject).toBe(MAIL_WORDS.en.changeEmailNotice.subject);
    expect(notice.text).toContain(newEmail);
    expect((await client.session()).body.user.email).toBe(email);

    // Someone else signed in cannot complete it with the link.
    const stranger = new TestClient(server.localUrl);
    await stranger.signUp(uniqueEmail("stranger"));
    const refused = await stranger.request("GET", linkIn(confirm, server));
    expect(refused.headers.get("location")).toMatch(/error=/);

    const follow = await client.request("GET", linkIn(confirm, server));
    expect(follow.status).toBe(302);
    expect(follow.headers.get("location")).toBe("/settings/account?error=TOKEN_USED");
  });

  it("completes an address change through its link", async () => {
    const { client } = await verifiedUser(server.localUrl, smtp, "move2");
    const newEmail = uniqueEmail("moved2");
    await client.request("POST", "/api/better-auth/change-email", {
      json: { newEmail, callbackURL: "/settings/account" },
    });
    const confirm = await smtp.next(newEmail);
    const follow = await client.request("GET", linkIn(confirm, server));
    expect(follow.headers.get("location")).toBe("/settings/account");
    const session = (await client.session()).body;
    expect(session.user.email).toBe(newEmail);
    expect(session.user.emailVerified).toBe(true);
    expect((await new TestClient(server.localUrl).signIn(newEmail, PASSWORD)).status).toBe(200);
  });

  it("refuses an expired verification link and says so where it lands", async () => {
    const email = uniqueEmail("expired");
    const client = new TestClient(server.localUrl);
    await client.signUp(email);
    await smtp.next(email);
    // A link like the mailed one, signed with the server's secret, that expired a minute ago.
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${encode({ alg: "HS256", typ: "JWT" })}.${encode({ email, iat: now - 7200, exp: now - 60 })}`;
    const signature = createHmac("sha256", "test-secret-test-secret-test-secret-1234")
      .update(unsigned)
      .digest("base64url");
    const link = `${server.localUrl}/api/better-auth/verify-email?token=${unsigned}.${signature}&callbackURL=%2Fsettings%2Faccount`;
    const follow = await client.request("GET", link);
    expect(follow.status).toBe(302);
    expect(follow.headers.get("location")).toBe("/settings/account?error=TOKEN_EXPIRED");
    expect((await client.session()).body.user.emailVerified).toBe(false);
  });

  it("changes the password only with the current one", async () => {
    const email = uniqueEmail("change");
    const client = new TestClient(server.localUrl);
    await client.signUp(email);
    const wrong = await client.request("POST", "/api/better-auth/change-password", {
      json: { currentPassword: "not my password", newPassword: "a changed passphrase" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe(1002);
    const right = await client.request("POST", "/api/better-auth/change-password", {
      json: { currentPassword: PASSWORD, newPassword: "a changed passphrase" },
    });
    expect(right.status).toBe(200);
    expect((await client.session()).body.user.email).toBe(email);
    expect(
      (await new TestClient(server.localUrl).signIn(email, "a changed passphrase")).status,
    ).toBe(200);
  });
});

describe("account mail without SMTP_URL", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite", { AUTH_RATE_LIMIT_MAX: "1000" });
  });
  afterAll(() => server?.close());

  it("writes each mail as an .eml file under DATA_DIR/mail and logs its path", async () => {
    const email = uniqueEmail("eml");
    await new TestClient(server.localUrl).signUp(email);
    const directory = join(server.dataDir, "mail");
    await expect
      .poll(() => server.logs.some((l) => l.msg === "mail written (no SMTP_URL)"))
      .toBe(true);
    const logged = server.logs.find((l) => l.msg === "mail written (no SMTP_URL)")!;
    expect(readdirSync(directory).map((f) => join(directory, f))).toContain(logged.path);
    const parsed = await simpleParser(readFileSync(String(logged.path)));
    expect(parsed.subject).toBe(MAIL_WORDS.en.verifyEmail.subject);
    expect(parsed.text).toContain("/api/better-auth/verify-email?token=");
    const link = parsed.text!.match(/https?:\/\/\S+/)![0];
    const browser = new TestClient(server.localUrl);
    expect((await browser.request("GET", link)).status).toBe(302);
    expect((await browser.session()).body.user.emailVerified).toBe(true);
  });
});
