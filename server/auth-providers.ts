import { genericOAuth } from "better-auth/plugins/generic-oauth";
import type { ServerConfig } from "./config.ts";

/** The provider id of the configured OpenID Connect provider (its callback: /callback/oidc). */
export const OIDC_PROVIDER_ID = "oidc";

/** GitHub and Google through better-auth's built-in providers, when configured. */
export function socialProviders({ oauth }: ServerConfig) {
  return {
    ...(oauth.github ? { github: { ...oauth.github } } : {}),
    ...(oauth.google ? { google: { ...oauth.google } } : {}),
  };
}

/** Any OpenID Connect provider through better-auth's generic OAuth plugin (discovery, PKCE). */
export function oauthPlugins({ oauth }: ServerConfig) {
  if (!oauth.oidc) return [];
  return [
    genericOAuth({
      config: [
        {
          providerId: OIDC_PROVIDER_ID,
          name: oauth.oidc.name,
          discoveryUrl: `${oauth.oidc.issuer}/.well-known/openid-configuration`,
          clientId: oauth.oidc.clientId,
          clientSecret: oauth.oidc.clientSecret,
          scopes: ["openid", "email", "profile"],
          pkce: true,
        },
      ],
    }),
  ];
}

/** What the login page offers: each configured provider's id and name. */
export function listProviders({ oauth }: ServerConfig): { id: string; name: string }[] {
  return [
    ...(oauth.github ? [{ id: "github", name: "GitHub" }] : []),
    ...(oauth.google ? [{ id: "google", name: "Google" }] : []),
    ...(oauth.oidc ? [{ id: OIDC_PROVIDER_ID, name: oauth.oidc.name }] : []),
  ];
}
