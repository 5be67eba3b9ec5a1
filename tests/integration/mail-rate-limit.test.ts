import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { type MailReceiver, startMailReceiver } from "../support/mail-receiver.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

/** Calls that send mail are rate-limited like sign-in (AUTH_RATE_LIMIT_MAX per window). */
describe("rate limits on mail-sending calls", () => {
  let server: TestServer;
  let smtp: MailReceiver;
  beforeAll(async () => {
    smtp = await startMailReceiver();
    server = await startTestServer("sqlite", { AUTH_RATE_LIMIT_MAX: "2", SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("refuses the third reset request in a window with 429 / 12000 and sends no third mail", async () => {
    const email = uniqueEmail("limited");
    const owner = new TestClient(server.localUrl);
    await owner.signUp(email);
    await smtp.next(email);
    const client = new TestClient(server.localUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const answer = await client.request("POST", "/api/better-auth/request-password-reset", {
        json: { email, redirectTo: "/login?mode=reset" },
      });
      statuses.push(answer.status);
      if (answer.status === 429) expect(answer.body.code).toBe(12000);
    }
    expect(statuses).toEqual([200, 200, 429]);
    await smtp.next(email);
    await smtp.next(email);
    // A later mail to someone else arrives; a third reset mail never did.
    const other = uniqueEmail("other");
    await new TestClient(server.localUrl).signUp(other);
    await smtp.next(other);
    expect(smtp.count(email)).toBe(3);
  });

  it("limits verification mails the same way", async () => {
    const client = new TestClient(server.localUrl);
    const email = uniqueEmail("verify-limited");
    await client.signUp(email);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push(
        (
          await client.request("POST", "/api/better-auth/send-verification-email", {
            json: { email },
          })
        ).status,
      );
    }
    expect(statuses).toContain(429);
  });
});
