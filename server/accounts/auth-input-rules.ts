import { valueDepthExceeds } from "../../contract/json-depth.ts";
import { holdsNul, NUL_REASON } from "../../contract/nul-text.ts";
import { imageProblem, profileProblem } from "../../contract/profile-fields.ts";

/**
 * Caps on what a user may store about themselves (issue 10, L2): a 20,000-character name once
 * made ~28 KB of cookies (the cookie cache carries the user), so every request got a 431 and the
 * account was locked out. Handles, bios, websites and social links: contract/profile-fields.ts.
 */
export const USER_FIELD_LIMITS = {
  name: 100,
  email: 254,
  image: 2048,
  callbackURL: 2048,
} as const;

const MAX_AUTH_BODY_DEPTH = 6;

/** Why an auth request body is refused (answered 400 / 1002 with this as the reason). */
export class AuthInputError extends Error {}

type Body = Record<string, unknown>;

/** Paths whose body carries user fields, and whether the name is required there. */
const USER_FIELD_PATHS: Record<string, { nameRequired: boolean }> = {
  "/sign-up/email": { nameRequired: true },
  "/update-user": { nameRequired: false },
};

/** Where a new password is chosen, and the field that carries it. */
export const NEW_PASSWORD_FIELDS: Record<string, string> = {
  "/sign-up/email": "password",
  "/change-password": "newPassword",
  "/reset-password": "newPassword",
  "/set-password": "newPassword",
};

/**
 * Checks the body of a better-auth request before better-auth sees it; throws AuthInputError.
 * better-auth lets some shapes through to the database (a name of null, [], {} or a number
 * became a 500 or was stored as is: L3), so types are checked here too, not only lengths.
 */
export function checkAuthInput(path: string, body: unknown): void {
  // No auth body nests; a deep one must never reach a recursive walk (L3).
  if (valueDepthExceeds(body, MAX_AUTH_BODY_DEPTH)) {
    throw new AuthInputError("Request body nests too deeply");
  }
  if (holdsNul(body)) throw new AuthInputError(NUL_REASON);
  const rules = USER_FIELD_PATHS[path];
  const passwordField = NEW_PASSWORD_FIELDS[path];
  if (!rules && !passwordField && path !== "/change-email") return;
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new AuthInputError("Expected a JSON object");
  }
  const fields = body as Body;
  if (rules) {
    checkString(fields, "name", USER_FIELD_LIMITS.name, { required: rules.nameRequired });
    if (typeof fields.name === "string" && fields.name.trim() === "") {
      throw new AuthInputError("name must not be empty");
    }
    checkString(fields, "image", USER_FIELD_LIMITS.image, { nullable: true });
    const badImage = imageProblem(fields.image);
    if (badImage) throw new AuthInputError(badImage);
    checkString(fields, "callbackURL", USER_FIELD_LIMITS.callbackURL, {});
    for (const field of ["handle", "bio", "website", "socialLinks"] as const) {
      const problem = profileProblem(field, fields[field]);
      if (problem) throw new AuthInputError(problem);
    }
  }
  if (path === "/sign-up/email") checkString(fields, "email", USER_FIELD_LIMITS.email, {});
  if (path === "/change-email") checkString(fields, "newEmail", USER_FIELD_LIMITS.email, {});
  if (passwordField) checkString(fields, passwordField, 1024, {});
}

function checkString(
  fields: Body,
  key: string,
  max: number,
  options: { required?: boolean; nullable?: boolean },
): void {
  const value = fields[key];
  if (value === undefined) {
    if (options.required) throw new AuthInputError(`${key} is required`);
    return;
  }
  if (value === null && options.nullable) return;
  if (typeof value !== "string") throw new AuthInputError(`${key} must be a string`);
  if (value.length > max) throw new AuthInputError(`${key} is longer than ${max} characters`);
}
