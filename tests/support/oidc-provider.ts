import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import { type Dialect, startTestServer, type TestServer } from "./server.ts";

export interface OidcUser {
  sub: string;
  email: string;
  name: string;
  emailVerified?: boolean;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in at the provider next (its login page is skipped: this person "logs in"). */
  signInAs(user: OidcUser): void;
  /** Starts answering, for a client with these redirect URIs (known once the app listens). */
  register(redirectUris: string[]): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) on loopback. Its interactions (login and
 * consent) finish at once for the user set with signInAs, so tests follow the redirects of a
 * real authorization-code flow with PKCE without a login form.
 */
export async function startOidcProvider(): Promise<TestOidcProvider> {
  let current: OidcUser | undefined;
  const accounts = new Map<string, OidcUser>();
  let handler: (
    req: import("node:http").IncomingMessage,
    res: import("node:http").ServerResponse,
  ) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server: Server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = "follow-test";
  const clientSecret = "follow-test-secret-follow-test-secret";
  const register = (redirectUris: string[]) => {
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: redirectUris,
          grant_types: ["authorization_code"],
          response_types: ["code"],
        },
      ],
      claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
      features: { devInteractions: { enabled: false } },
      interactions: {
        url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
      },
      findAccount: (_ctx: unknown, sub: string) => {
        const user = accounts.get(sub);
        if (!user) return undefined;
        return {
          accountId: sub,
          claims: () => ({
            sub,
            email: user.email,
            email_verified: user.emailVerified ?? true,
            name: user.name,
          }),
        };
      },
      cookies: { keys: ["test-cookie-key-test-cookie-key"] },
    });
    provider.proxy = false;
    const callback = provider.callback();
    handler = (req, res) => {
      const match = /^\/interaction\/([^/?]+)/.exec(req.url ?? "");
      if (!match) return void callback(req, res);
      void (async () => {
        try {
          const details = await provider.interactionDetails(req, res);
          if (!current) throw new Error("nobody to sign in as");
          accounts.set(current.sub, current);
          const grant = new provider.Grant({
            accountId: current.sub,
            clientId: String(details.params.client_id),
          });
          grant.addOIDCScope(String(details.params.scope ?? "openid"));
          const grantId = await grant.save();
          await provider.interactionFinished(req, res, {
            login: { accountId: current.sub },
            consent: { grantId },
          });
        } catch (error) {
          res.statusCode = 500;
          res.end(String(error));
        }
      })();
    };
  };
  const result: TestOidcProvider = {
    issuer,
    clientId,
    clientSecret,
    register,
    signInAs(user) {
      current = user;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return result;
}

/** Our server with sign-in through `idp` ("Test ID"), its callback registered there. */
export async function startServerWithOidc(
  idp: TestOidcProvider,
  dialect: Dialect,
  env: Record<string, string> = {},
): Promise<TestServer> {
  const server = await startTestServer(dialect, {
    AUTH_RATE_LIMIT_MAX: "1000",
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_NAME: "Test ID",
    ...env,
  });
  idp.register([`${server.localUrl}/api/better-auth/callback/oidc`]);
  return server;
}
