import { randomBytes } from "node:crypto";
import type { ClaimChallenge, ClaimMethod } from "../../contract/api/claims.ts";

/** The JSON Feed extension field (extensions start with an underscore). */
export const JSON_FEED_FIELD = "_follow_challenge";
/** The meta tag's name on the feed's site. */
export const META_NAME = "follow-challenge";

/** 24 random bytes: nobody guesses another person's code. */
export const newChallengeCode = () => `follow-claim-${randomBytes(24).toString("base64url")}`;

/** The ways to show the code, ready to paste. */
export function placementsOf(
  feedId: string,
  userId: string,
  code: string,
): ClaimChallenge["placements"] {
  return {
    description: code,
    element: `<follow_challenge><feedId>${feedId}</feedId><userId>${userId}</userId><code>${code}</code></follow_challenge>`,
    jsonFeedField: JSON_FEED_FIELD,
    jsonFeedValue: { feedId, userId, code },
    metaTag: `<meta name="${META_NAME}" content="${code}">`,
  };
}

const ELEMENT = /<follow_challenge\b[^>]*?(?:\/>|>[\s\S]*?<\/follow_challenge\s*>)/gi;
const META = /<meta\b[^>]*>/gi;

/**
 * Where the feed document shows the code, or null: a JSON Feed's extension field, a
 * `<follow_challenge>` element naming this feed and person, or the code anywhere else in the
 * text (a description line; the code is long and random, so it is there on purpose).
 */
export function findInFeed(
  body: string,
  want: { feedId: string; userId: string; code: string },
): ClaimMethod | null {
  if (!body.includes(want.code)) return null;
  const json = jsonField(body);
  if (json !== undefined && matchesJson(json, want)) return "json";
  for (const element of body.match(ELEMENT) ?? []) {
    if (
      element.includes(want.code) &&
      element.includes(want.feedId) &&
      element.includes(want.userId)
    ) {
      return "element";
    }
  }
  return "description";
}

/** Whether the site's page carries the meta tag with the code. */
export function findInSite(html: string, code: string): boolean {
  for (const tag of html.match(META) ?? []) {
    const name = /\bname\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1];
    const content = /\bcontent\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1];
    if (name?.toLowerCase() === META_NAME && content?.trim() === code) return true;
  }
  return false;
}

function jsonField(body: string): unknown {
  const text = body.trimStart();
  if (!text.startsWith("{")) return undefined;
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    return parsed && typeof parsed === "object" ? parsed[JSON_FEED_FIELD] : undefined;
  } catch {
    return undefined;
  }
}

function matchesJson(value: unknown, want: { feedId: string; userId: string; code: string }) {
  if (typeof value === "string") return value === want.code;
  if (!value || typeof value !== "object") return false;
  const field = value as Record<string, unknown>;
  return (
    field.code === want.code &&
    (field.feedId === undefined || String(field.feedId) === want.feedId) &&
    (field.userId === undefined || String(field.userId) === want.userId)
  );
}
