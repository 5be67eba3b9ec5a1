import type { ServerChoice } from "../../contract/desktop.ts";

/**
 * Which server the desktop app shows: a self-hosted one the user named, or the server bundled
 * in the app on an embedded SQLite database (the default: a one-person setup with nothing to
 * install). Kept as JSON in the user-data folder.
 */
export const DEFAULT_CHOICE: ServerChoice = { kind: "bundled" };

/** A server URL the app may load: http(s) with a host, reduced to its origin and path. */
export function normalizeServerUrl(raw: string): string | null {
  try {
    const url = new URL(raw.trim());
    if (!["http:", "https:"].includes(url.protocol) || !url.hostname) return null;
    if (url.username || url.password) return null;
    return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
  } catch {
    return null;
  }
}

/** A choice from the renderer or from disk; anything malformed is null. */
export function parseServerChoice(value: unknown): ServerChoice | null {
  if (typeof value !== "object" || value === null) return null;
  const { kind, url } = value as { kind?: unknown; url?: unknown };
  if (kind === "bundled") return { kind };
  if (kind === "remote" && typeof url === "string") {
    const normalized = normalizeServerUrl(url);
    return normalized ? { kind, url: normalized } : null;
  }
  return null;
}

export function readServerChoice(text: string | null): ServerChoice {
  if (text === null) return DEFAULT_CHOICE;
  try {
    return parseServerChoice(JSON.parse(text)) ?? DEFAULT_CHOICE;
  } catch {
    return DEFAULT_CHOICE;
  }
}
