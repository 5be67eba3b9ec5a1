/**
 * The profile a user edits about themselves (the user's profile fields): limits and patterns shared by
 * the form and the server. Kept short: better-auth's signed cookie cache carries the user, and
 * a few kilobytes more would lock the account out with 431s (issue 10, L2).
 */
export const PROFILE_LIMITS = { name: 100, handle: 30, bio: 160, website: 200, socialId: 40 };

/** Letters, digits and underscores; 3 to 30 of them. Unique whatever the case. */
export const HANDLE_PATTERN = /^[A-Za-z0-9_]{3,30}$/;

export const SOCIAL_NETWORKS = [
  "discord",
  "facebook",
  "github",
  "instagram",
  "twitter",
  "youtube",
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export type SocialLinks = Partial<Record<SocialNetwork, string>>;

/** An account id or name on a network, not a URL. */
export const SOCIAL_ID_PATTERN = /^[A-Za-z0-9._@-]{1,40}$/;

/** Why a profile value is refused, or undefined when it is fine (empty clears a field). */
export function profileProblem(
  field: "handle" | "bio" | "website" | "socialLinks",
  value: unknown,
): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (field === "socialLinks") {
    if (typeof value !== "object" || Array.isArray(value)) return "socialLinks must be an object";
    for (const [network, id] of Object.entries(value)) {
      if (!(SOCIAL_NETWORKS as readonly string[]).includes(network)) {
        return `socialLinks.${network} is not a known network`;
      }
      if (typeof id !== "string" || (id !== "" && !SOCIAL_ID_PATTERN.test(id))) {
        return `socialLinks.${network} must be an account id (letters, digits, . _ @ -)`;
      }
    }
    return undefined;
  }
  if (typeof value !== "string") return `${field} must be a string`;
  if (field === "handle") {
    return value === "" || HANDLE_PATTERN.test(value)
      ? undefined
      : "handle must be 3 to 30 letters, digits or underscores";
  }
  if (value.length > PROFILE_LIMITS[field]) {
    return `${field} is longer than ${PROFILE_LIMITS[field]} characters`;
  }
  if (field === "website" && value !== "" && !isWebAddress(value)) {
    return "website must be an http or https address";
  }
  return undefined;
}

/** An avatar this server stored (routes/uploads.ts `avatarPath`), relative to the site. */
const UPLOADED_AVATAR = /^(?:\/[A-Za-z0-9_-]+)*\/uploads\/avatars\/[A-Za-z0-9._-]+$/;

/**
 * Why a profile image is refused, or undefined when it is fine (null or "" clears it): an
 * http(s) address or one of this server's uploaded avatars, nothing a page could run
 * (`javascript:`, `data:`) or that points elsewhere on a whim (`//host`, other schemes).
 */
export function imageProblem(value: unknown): string | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  if (typeof value !== "string") return "image must be a string";
  if (UPLOADED_AVATAR.test(value) || isWebAddress(value)) return undefined;
  return "image must be an http or https address, or an uploaded avatar";
}

/** An absolute http(s) URL with a host, nothing else (no spaces or control characters). */
function isWebAddress(value: string): boolean {
  if (!/^https?:\/\/[!-~\u00a0-\uffff]+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}
