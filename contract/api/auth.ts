import { Schema } from "effect";
import { SessionResponse } from "../session.ts";
import { endpoint, NoRequest } from "./endpoint.ts";
import { routes } from "./info.ts";

/**
 * Accounts, served by better-auth under /better-auth (the server passes these through to it).
 * Requests stay loose: the server judges credentials and answers with a localized reason.
 */
export const getSession = endpoint(routes.auth.getSession, {
  request: NoRequest,
  response: SessionResponse,
});

export const signIn = endpoint(routes.auth.signIn, {
  request: Schema.Struct({ email: Schema.String, password: Schema.String }),
  /** A user with two factors gets `twoFactorRedirect` instead of a session. */
  response: Schema.Struct({ twoFactorRedirect: Schema.optionalKey(Schema.Boolean) }),
});

export const signUp = endpoint(routes.auth.signUp, {
  request: Schema.Struct({ email: Schema.String, password: Schema.String, name: Schema.String }),
  response: Schema.Struct({ user: Schema.Struct({ id: Schema.String }) }),
});

export const signOut = endpoint(routes.auth.signOut, {
  request: NoRequest,
  response: Schema.Struct({ success: Schema.Boolean }),
});

/** `{status: true}`: better-auth's answer to a request that sent a mail or changed a secret. */
const Status = Schema.Struct({ status: Schema.Boolean });

/** Mails a verification link to the signed-in user's address (or a known, unverified one). */
export const sendVerificationEmail = endpoint(routes.auth.sendVerificationEmail, {
  request: Schema.Struct({ email: Schema.String, callbackURL: Schema.optionalKey(Schema.String) }),
  response: Status,
});

/** Mails a reset link when the address has an account; answers the same either way. */
export const requestPasswordReset = endpoint(routes.auth.requestPasswordReset, {
  request: Schema.Struct({ email: Schema.String, redirectTo: Schema.String }),
  response: Status,
});

/** The reset link's token and the new password. */
export const resetPassword = endpoint(routes.auth.resetPassword, {
  request: Schema.Struct({ token: Schema.String, newPassword: Schema.String }),
  response: Status,
});

/** Needs the current password; every other session is signed out (server/auth.ts). */
export const changePassword = endpoint(routes.auth.changePassword, {
  request: Schema.Struct({
    currentPassword: Schema.String,
    newPassword: Schema.String,
    revokeOtherSessions: Schema.optionalKey(Schema.Boolean),
  }),
  response: Schema.Struct({ token: Schema.NullOr(Schema.String) }),
});

/** Mails a confirmation link to the new address; the current one is told. */
export const changeEmail = endpoint(routes.auth.changeEmail, {
  request: Schema.Struct({
    newEmail: Schema.String,
    callbackURL: Schema.optionalKey(Schema.String),
  }),
  response: Status,
});

/**
 * Deletes the account and everything it owns: the password (when the account has one; one
 * that only signs in through a provider needs a recent sign-in instead), and the TOTP code
 * when two-factor is on.
 */
export const deleteUser = endpoint(routes.auth.deleteUser, {
  request: Schema.Struct({
    password: Schema.optionalKey(Schema.String),
    TOTPCode: Schema.optionalKey(Schema.String),
  }),
  response: Schema.Struct({ success: Schema.Boolean }),
});

/** Starts two-factor: the TOTP URI to scan and the backup codes; on after a code is confirmed. */
export const enableTwoFactor = endpoint(routes.auth.enableTwoFactor, {
  request: Schema.Struct({ password: Schema.String }),
  response: Schema.Struct({ totpURI: Schema.String, backupCodes: Schema.Array(Schema.String) }),
});

export const disableTwoFactor = endpoint(routes.auth.disableTwoFactor, {
  request: Schema.Struct({ password: Schema.String }),
  response: Status,
});

/** A TOTP code: confirms the setup, or finishes a sign-in that answered twoFactorRedirect. */
export const verifyTotp = endpoint(routes.auth.verifyTotp, {
  request: Schema.Struct({ code: Schema.String }),
  response: Schema.Struct({ token: Schema.optionalKey(Schema.String) }),
});

/** A backup code instead of a TOTP code at sign-in; each works once. */
export const verifyBackupCode = endpoint(routes.auth.verifyBackupCode, {
  request: Schema.Struct({ code: Schema.String }),
  response: Schema.Struct({ token: Schema.optionalKey(Schema.String) }),
});

/** The profile edit: only the fields sent change; an empty string clears one. */
export const updateUser = endpoint(routes.auth.updateUser, {
  request: Schema.Struct({
    name: Schema.optionalKey(Schema.String),
    image: Schema.optionalKey(Schema.NullOr(Schema.String)),
    handle: Schema.optionalKey(Schema.String),
    bio: Schema.optionalKey(Schema.String),
    website: Schema.optionalKey(Schema.String),
    socialLinks: Schema.optionalKey(Schema.Record(Schema.String, Schema.String)),
  }),
  response: Schema.Struct({ status: Schema.Boolean }),
});

/** The social sign-in providers this server is configured with (ours, not better-auth's). */
export const providers = endpoint(routes.auth.providers, {
  request: NoRequest,
  response: Schema.Struct({
    code: Schema.Literal(0),
    data: Schema.Array(Schema.Struct({ id: Schema.String, name: Schema.String })),
  }),
});

/** Where to send the browser to sign in with a provider; it comes back to `callbackURL`. */
const Redirect = Schema.Struct({ url: Schema.String, redirect: Schema.Boolean });

export const signInSocial = endpoint(routes.auth.signInSocial, {
  request: Schema.Struct({
    provider: Schema.String,
    callbackURL: Schema.String,
    /** Where a sign-in that created the account goes instead of callbackURL. */
    newUserCallbackURL: Schema.optionalKey(Schema.String),
    errorCallbackURL: Schema.optionalKey(Schema.String),
  }),
  response: Redirect,
});

/** Adds a provider account to the signed-in user. */
export const linkSocial = endpoint(routes.auth.linkSocial, {
  request: Schema.Struct({ provider: Schema.String, callbackURL: Schema.String }),
  response: Redirect,
});

/** The ways this user signs in: "credential" (e-mail and password) and provider accounts. */
export const listAccounts = endpoint(routes.auth.listAccounts, {
  request: NoRequest,
  response: Schema.Array(
    Schema.Struct({ id: Schema.String, providerId: Schema.String, accountId: Schema.String }),
  ),
});

/** By the account's id (listAccounts `id`); never the last way to sign in (refused). */
export const unlinkAccount = endpoint(routes.auth.unlinkAccount, {
  request: Schema.Struct({ accountId: Schema.String }),
  response: Schema.Struct({ status: Schema.Boolean }),
});

/** This user's active sessions: device (user agent) and last seen. */
export const listSessions = endpoint(routes.auth.listSessions, {
  request: NoRequest,
  response: Schema.Array(
    Schema.Struct({
      id: Schema.String,
      token: Schema.String,
      userAgent: Schema.optionalKey(Schema.NullOr(Schema.String)),
      ipAddress: Schema.optionalKey(Schema.NullOr(Schema.String)),
      createdAt: Schema.String,
      updatedAt: Schema.String,
    }),
  ),
});

export const revokeSession = endpoint(routes.auth.revokeSession, {
  request: Schema.Struct({ token: Schema.String }),
  response: Schema.Struct({ status: Schema.Boolean }),
});

export const revokeOtherSessions = endpoint(routes.auth.revokeOtherSessions, {
  request: NoRequest,
  response: Schema.Struct({ status: Schema.Boolean }),
});

/**
 * Gives a password to an account that signs in only through a provider (better-auth's
 * server-side setPassword, ours to expose): refused once the account has one (change it then).
 */
export const setPassword = endpoint(routes.auth.setPassword, {
  request: Schema.Struct({
    newPassword: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(1024)),
  }),
  response: Schema.Struct({ status: Schema.Boolean }),
});
