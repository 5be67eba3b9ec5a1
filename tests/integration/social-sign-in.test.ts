import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD } from "../support/accounts.ts";
import { followRedirects, TestClient, uniqueEmail } from "../support/http-client.ts";
import {
  startOidcProvider,
  startServerWithOidc,
  type TestOidcProvider,
} from "../support/oidc-provider.ts";
import { DIALECTS, type TestServer } from "../support/server.ts";

describe.each(DIALECTS)("social sign-in through an OpenID Connect provider on %s", (dialect) => {
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

  /** Signs in (or links, with `link`) through the provider as `sub`; lands back in the app. */
  async function throughProvider(
    client: TestClient,
    user: { sub: string; email: string; name: string },
    link = false,
  ) {
    idp.signInAs(user);
    const start = await client.request(
      "POST",
      link ? "/api/better-auth/link-social" : "/api/better-auth/sign-in/social",
      { json: { provider: "oidc", callbackURL: "/settings/account", errorCallbackURL: "/login" } },
    );
    expect(start.status, start.text).toBe(200);
    expect(start.body.url.startsWith(idp.issuer)).toBe(true);
    return followRedirects(client, start.body.url);
  }

  it("lists the configured provider for the login page", async () => {
    const answer = await new TestClient(server.localUrl).request(
      "GET",
      "/api/better-auth/providers",
    );
    expect(answer.body).toEqual({ code: 0, data: [{ id: "oidc", name: "Test ID" }] });
  });

  it("signs a new person up through the provider, and the same person in again", async () => {
    const email = uniqueEmail("oidc");
    const person = { sub: `sub-${email}`, email, name: "Olive Oidc" };
    const browser = new TestClient(server.localUrl);
    const { landed, visited } = await throughProvider(browser, person);
    expect(landed, visited.join(" -> ")).toBe(`${server.localUrl}/settings/account`);
    expect(
      visited.some(
        (u) => u.startsWith(`${server.localUrl}/api/better-auth/`) && u.includes("callback"),
      ),
    ).toBe(true);
    const session = (await browser.session()).body;
    expect(session.user).toMatchObject({ email, name: "Olive Oidc", emailVerified: true });
    const accounts = await browser.request("GET", "/api/better-auth/list-accounts");
    expect(accounts.body.map((a: { providerId: string }) => a.providerId)).toEqual(["oidc"]);

    const again = new TestClient(server.localUrl);
    await throughProvider(again, person);
    expect((await again.session()).body.user.id).toBe(session.user.id);
    // The only way to sign in cannot be unlinked.
    const unlink = await again.request("POST", "/api/better-auth/unlink-account", {
      json: { accountId: accounts.body[0].id },
    });
    expect(unlink.status).toBe(400);
    expect(unlink.body.reason).toMatch(/last account/i);
  });

  it("deletes an account that only signs in through the provider, without a password", async () => {
    const email = uniqueEmail("oidc-delete");
    const person = { sub: `sub-${email}`, email, name: "Gone Soon" };
    const browser = new TestClient(server.localUrl);
    await throughProvider(browser, person);
    const id = (await browser.session()).body.user.id;
    const deleted = await browser.request("POST", "/api/better-auth/delete-user", { json: {} });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await browser.session()).body).toBeNull();
    // Signing in again through the provider makes a new account.
    const again = new TestClient(server.localUrl);
    await throughProvider(again, person);
    expect((await again.session()).body.user.id).not.toBe(id);
  });

  it("links a provider account to a password user, lists both, unlinks it (never the last)", async () => {
    const email = uniqueEmail("linker");
    const client = new TestClient(server.localUrl);
    const id = (await client.signUp(email, PASSWORD)).body.user.id;
    const { landed } = await throughProvider(
      client,
      { sub: `sub-link-${email}`, email: uniqueEmail("elsewhere"), name: "Elsewhere" },
      true,
    );
    expect(landed).toBe(`${server.localUrl}/settings/account`);
    const listed = await client.request("GET", "/api/better-auth/list-accounts");
    expect(listed.body.map((a: { providerId: string }) => a.providerId).sort()).toEqual([
      "credential",
      "oidc",
    ]);
    expect((await client.session()).body.user.id).toBe(id);

    // Another user sees none of it and cannot unlink it.
    const other = new TestClient(server.localUrl);
    await other.signUp(uniqueEmail("other"), PASSWORD);
    const theirs = await other.request("GET", "/api/better-auth/list-accounts");
    expect(theirs.body.map((a: { providerId: string }) => a.providerId)).toEqual(["credential"]);
    const oidcAccount = listed.body.find((a: { providerId: string }) => a.providerId === "oidc");
    await other.request("POST", "/api/better-auth/unlink-account", {
      json: { accountId: oidcAccount.id },
    });
    expect((await client.request("GET", "/api/better-auth/list-accounts")).body).toHaveLength(2);

    const unlink = await client.request("POST", "/api/better-auth/unlink-account", {
      json: { accountId: oidcAccount.id },
    });
    expect(unlink.status).toBe(200);
    const credential = listed.body.find(
      (a: { providerId: string }) => a.providerId === "credential",
    );
    const last = await client.request("POST", "/api/better-auth/unlink-account", {
      json: { accountId: credential.id },
    });
    expect(last.status).toBe(400);
    expect(last.body.reason).toMatch(/last account/i);
    expect((await client.signOut()).status).toBe(200);
    expect((await client.signIn(email, PASSWORD)).status).toBe(200);
  });

  it("lists a user's sessions and revokes one, never another user's", async () => {
    const email = uniqueEmail("sessions");
    const laptop = new TestClient(server.localUrl);
    await laptop.signUp(email, PASSWORD);
    const phone = new TestClient(server.localUrl);
    await phone.request("POST", "/api/better-auth/sign-in/email", {
      json: { email, password: PASSWORD },
      headers: { "user-agent": "Phone/1.0" },
    });
    const sessions = await laptop.request("GET", "/api/better-auth/list-sessions");
    expect(sessions.body).toHaveLength(2);
    const phoneSession = sessions.body.find(
      (s: { userAgent: string }) => s.userAgent === "Phone/1.0",
    );
    expect(phoneSession).toBeDefined();

    const stranger = new TestClient(server.localUrl);
    await stranger.signUp(uniqueEmail("stranger"), PASSWORD);
    expect((await stranger.request("GET", "/api/better-auth/list-sessions")).body).toHaveLength(1);
    await stranger.request("POST", "/api/better-auth/revoke-session", {
      json: { token: phoneSession.token },
    });
    expect((await phone.session()).body?.user.email).toBe(email);

    const revoke = await laptop.request("POST", "/api/better-auth/revoke-session", {
      json: { token: phoneSession.token },
    });
    expect(revoke.status).toBe(200);
    expect((await phone.session()).body).toBeNull();
    expect((await laptop.session()).body.user.email).toBe(email);
  });
});
