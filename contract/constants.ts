/** Constants shared by client and server. */
export const APP_VERSION = "0.6.1";
export const APP_NAME = "Follow";

/** Request headers every client call carries. */
export const REQUEST_HEADERS = {
  platform: "x-app-platform",
  appName: "x-app-name",
  appVersion: "x-app-version",
  dev: "x-app-dev",
  clientId: "x-client-id",
  sessionId: "x-session-id",
} as const;

export const PLATFORMS = ["web", "desktop"] as const;
export type Platform = (typeof PLATFORMS)[number];

export const SUPPORTED_LANGUAGES = ["en", "ja", "zh-CN", "zh-TW"] as const;
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: SupportedLanguage = "en";

/**
 * A page of entries never ends between two sharing a publish time (the next page starts strictly
 * beyond it), so it grows by the entries tied with its last one, up to this many; a page grown
 * that far may end inside the run, and the next one reads on with `publishedAfterId`.
 */
export const ENTRIES_MAX_TIED_ROWS = 1000;

/** Cookie rules: a cookie lives 400 days at most. */
export const COOKIE_MAX_AGE_CAP_SECONDS = 34_560_000;

/** Toast durations. */
export const ERROR_TOAST_MS = 5_000;
export const ACTIVATION_TOAST_MS = 100_000;
export const COPY_CHECK_MS = 2_000;

export const BREAKPOINTS = { sm: 640, md: 768, lg: 1024, xl: 1280, "2xl": 1536 } as const;
export const MOBILE_MAX_WIDTH = BREAKPOINTS.lg;

export const HTTP_RETRY_STATUSES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504];
export const QUERY_NO_RETRY_STATUSES: readonly number[] = [400, 401, 403, 404, 422];
