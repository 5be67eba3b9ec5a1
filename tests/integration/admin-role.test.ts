import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD } from "../support/accounts.ts";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { type MailReceiver, startMailReceiver } from "../support/mail-receiver.ts";
import { DIALECTS, startTestServer, type TestServer } from "../support/server.ts";

/** Any well-formed feed id: the role is checked before the feed is looked up. */
const SOME_FEED = "1234567890123";

describe.each(DIALECTS)("the admin role on %s", (dialect) => {
  let server: TestServer;
  let smtp: MailReceiver;
  const adminEmail = uniqueEmail("admin-role");
  beforeAll(async () => {
    smtp = await startMailReceiver();
    server = await startTestServer(dialect, {
      AUTH_RATE_LIMIT_MAX: "1000",
      SMTP_URL: smtp.url,
      ADMIN_EMAILS: adminEmail.toUpperCase(),
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const refresh = (client: TestClient) =>
    client.request("GET", `/api/feeds/refresh?id=${SOME_FEED}`);

  it("comes with an ADMIN_EMAILS address only once it is verified, at the next request", async () => {
    const client = new TestClient(server.localUrl);
    expect((await client.signUp(adminEmail, PASSWORD)).status).toBe(200);
    expect((await client.session()).body.role).toBe("user");
    // Twice: the second answer comes from the session memo and the cookie cache.
    for (let i = 0; i < 2; i += 1) {
      const refused = await refresh(client);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe(2000);
    }
    // The address is verified in another browser; this one keeps its session and cookies.
    const mail = await smtp.next(adminEmail);
    const link = mail.links.find((l) => l.includes("/verify-email?"));
    expect(link).toBeDefined();
    const browser = new TestClient(server.localUrl);
    expect((await browser.request("GET", link!)).status).toBe(302);

    // The first request after: answered from this browser's remembered session, re-checked.
    expect((await refresh(client)).body.code).not.toBe(2000);
    expect((await client.session()).body.role).toBe("admin");
    expect((await browser.session()).body.role).toBe("admin");
    expect((await refresh(browser)).body.code).not.toBe(2000);
  });
});
