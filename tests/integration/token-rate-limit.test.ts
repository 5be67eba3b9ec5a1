import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient, uniqueEmail } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

/**
 * One budget per token (TOKEN_RATE_LIMIT_MAX a minute, here 3), whichever door it comes
 * through: a personal access token on the product's API, an app password on the Google Reader
 * and Fever APIs. Each token has its own. (The count is in the server process, whatever the
 * database: one dialect is enough.)
 */
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const md5 = (text: string) => createHash("md5").update(text).digest("hex");

describe("per-token rate limit on every door", () => {
  let server: TestServer;
  let alice: TestClient;
  let email: string;
  const client = () => new TestClient(server.localUrl);
  const token = async (kind: "personal" | "app_password") => {
    const made = await alice.request("POST", "/api/tokens", {
      json: { name: kind, kind, scope: "read" },
    });
    expect(made.status).toBe(200);
    return made.body.data.secret as string;
  };
  /** The statuses of four requests in a row. */
  const four = async (send: () => Promise<{ status: number; headers: Headers }>) => {
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await send());
    expect(Number(answers[3]!.headers.get("retry-after"))).toBeGreaterThan(0);
    return answers.map((answer) => answer.status);
  };

  beforeAll(async () => {
    server = await startTestServer("sqlite", { TOKEN_RATE_LIMIT_MAX: "3" });
    alice = client();
    email = uniqueEmail("alice-token-limit");
    await alice.signUp(email);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("limits a personal access token on the product's API", async () => {
    const secret = await token("personal");
    const send = () =>
      client().request("GET", "/api/subscriptions", {
        headers: { authorization: `Bearer ${secret}` },
      });
    expect(await four(send)).toEqual([200, 200, 200, 429]);
    // Her browser session is not a token: not counted.
    expect((await alice.request("GET", "/api/subscriptions")).status).toBe(200);
  });

  it("limits an app password on the Google Reader API", async () => {
    const secret = await token("app_password");
    const send = () =>
      client().request("GET", "/api/greader/reader/api/0/subscription/list?output=json", {
        headers: { authorization: `GoogleLogin auth=${secret}` },
      });
    expect(await four(send)).toEqual([200, 200, 200, 429]);
    // Another app password has its own budget.
    const other = await token("app_password");
    const fresh = await client().request("GET", "/api/greader/reader/api/0/tag/list?output=json", {
      headers: { authorization: `GoogleLogin auth=${other}` },
    });
    expect(fresh.status).toBe(200);
  });

  it("limits an app password on the Fever API", async () => {
    const key = md5(`${email.toLowerCase()}:${await token("app_password")}`);
    const send = () =>
      client().request("POST", "/api/fever/?api&feeds", { headers: FORM, body: `api_key=${key}` });
    expect(await four(send)).toEqual([200, 200, 200, 429]);
  });
});
