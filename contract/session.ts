import { Schema } from "effect";

/** Roles stored as the current role. */
export const ROLES = ["user", "trial", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const SessionUser = Schema.Struct({
  id: Schema.String,
  email: Schema.String,
  name: Schema.String,
  image: Schema.NullOr(Schema.String),
  handle: Schema.NullOr(Schema.String),
  /** Profile fields of the user; optional so a session cached before they existed decodes. */
  bio: Schema.optionalKey(Schema.NullOr(Schema.String)),
  website: Schema.optionalKey(Schema.NullOr(Schema.String)),
  socialLinks: Schema.optionalKey(Schema.Record(Schema.String, Schema.String)),
  emailVerified: Schema.Boolean,
  twoFactorEnabled: Schema.Boolean,
  createdAt: Schema.String,
  updatedAt: Schema.String,
});
export type SessionUser = typeof SessionUser.Type;

/** GET better-auth/get-session: the user and role, or null when signed out. */
export const SessionResponse = Schema.NullOr(
  Schema.Struct({
    user: SessionUser,
    role: Schema.Literals(ROLES),
    session: Schema.Struct({ id: Schema.String, expiresAt: Schema.String }),
  }),
);
export type SessionResponse = typeof SessionResponse.Type;

export const SignUpRequest = Schema.Struct({
  email: Schema.String.check(Schema.isPattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/)),
  password: Schema.String.check(Schema.isMinLength(8), Schema.isMaxLength(128)),
  name: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(100)),
});
export type SignUpRequest = typeof SignUpRequest.Type;

export const SignInRequest = Schema.Struct({
  email: Schema.String.check(Schema.isMinLength(1)),
  password: Schema.String.check(Schema.isMinLength(1)),
});
export type SignInRequest = typeof SignInRequest.Type;

/** Public: only "ok" (version, database and uptime go to the operator's metrics). */
export const HealthResponse = Schema.Struct({
  status: Schema.Literal("ok"),
});
export type HealthResponse = typeof HealthResponse.Type;
