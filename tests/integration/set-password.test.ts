import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD } from "../support/accounts.ts";
import { followRedirects, TestClient, uniqueEmail } from "../support/http-client.ts";
import {
  startOidcProvider,
  startServerWithOidc,
  type TestOidcProvider,
} from "../support/oidc-provider.ts";
import { DIALECTS, type TestServer } from "../support/server.ts";

describe.each(DIALECTS)("a password for a provider-only account on %s", (dialect) => {
  let server: TestServer;
  let idp: TestOidcProvider;
  beforeAll(async () => {
    idp = await startOidcProvider();
    server = await startServerWithOidc(idp, dialect);
  });
  afterAll(async () => {
    await server?.close();
    await idp?.close();
  });

  /** Signs `email` in through the provider (a new account the first time); where it lands. */
  async function throughProvider(client: TestClient, email: string) {
    idp.signInAs({ sub: `sub-${email}`, email, name: "Sol Social" });
    const start = await client.request("POST", "/api/better-auth/sign-in/social", {
      json: {
        provider: "oidc",
        callbackURL: "/settings/account",
        newUserCallbackURL: "/settings/account#welcome",
        errorCallbackURL: "/login",
      },
    });
    expect(start.status, start.text).toBe(200);
    return (await followRedirects(client, start.body.url)).landed;
  }

  const setPassword = (client: TestClient, json: unknown) =>
    client.request("POST", "/api/better-auth/set-password", { json });
  const providers = async (client: TestClient) =>
    (await client.request("GET", "/api/better-auth/list-accounts")).body
      .map((account: { providerId: string }) => account.providerId)
      .sort();

  it("comes back marked new the first time only (the new-user guide's cue)", async () => {
    const email = uniqueEmail("oidc-new");
    expect(await throughProvider(new TestClient(server.localUrl), email)).toBe(
      `${server.localUrl}/settings/account#welcome`,
    );
    expect(await throughProvider(new TestClient(server.localUrl), email)).toBe(
      `${server.localUrl}/settings/account`,
    );
  });

  it("sets a password once; then the account also signs in with it", async () => {
    const email = uniqueEmail("oidc-password");
    const social = new TestClient(server.localUrl);
    await throughProvider(social, email);
    expect(await providers(social)).toEqual(["oidc"]);

    const tooShort = await setPassword(social, { newPassword: "short" });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.code).toBe(1002);
    const common = await setPassword(social, { newPassword: "password123" });
    expect(common.status).toBe(400);
    expect(common.body).toMatchObject({ code: 1002, reason: expect.stringMatching(/common/i) });
    expect(await providers(social)).toEqual(["oidc"]);

    const set = await setPassword(social, { newPassword: PASSWORD });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toEqual({ status: true });
    expect(await providers(social)).toEqual(["credential", "oidc"]);

    const withPassword = new TestClient(server.localUrl);
    const signedIn = await withPassword.signIn(email, PASSWORD);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect((await withPassword.session()).body.user.email).toBe(email);

    // Once there is one, it is changed with the old one, never set over.
    const again = await setPassword(social, { newPassword: "another long passphrase" });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe(1002);
    expect((await new TestClient(server.localUrl).signIn(email, PASSWORD)).status).toBe(200);
  });

  it("refuses without a session, bad bodies with a code, and acts only on the caller", async () => {
    const anonymous = await setPassword(new TestClient(server.localUrl), {
      newPassword: PASSWORD,
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe(1000);

    const alice = new TestClient(server.localUrl);
    const aliceEmail = uniqueEmail("oidc-alice");
    await throughProvider(alice, aliceEmail);
    for (const body of [{}, { newPassword: 5 }, { newPassword: "" }, [], "x".repeat(10)]) {
      const answer = await setPassword(alice, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe(1002);
    }

    // Bob (a password account) sets nothing on Alice: his call is about himself, and refused.
    const bob = new TestClient(server.localUrl);
    await bob.signUp(uniqueEmail("bob-password"), PASSWORD);
    const bobTries = await bob.request("POST", "/api/better-auth/set-password", {
      json: { newPassword: "bob chooses for alice", userId: (await alice.session()).body.user.id },
    });
    expect(bobTries.status).toBe(400);
    expect(await providers(alice)).toEqual(["oidc"]);
    expect(
      (await new TestClient(server.localUrl).signIn(aliceEmail, "bob chooses for alice")).status,
    ).not.toBe(200);
  });
});
