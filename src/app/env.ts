/**
 * Client environment settings (web and API addresses, build flags). Values come from Vite's
 * `import.meta.env`; an empty string counts as unset, so a blank line in `.env` never overrides a default.
 */
export interface ClientEnv {
  /** Public address of the web app; defaults to the page's own origin. */
  webUrl: string;
  /** API base: an absolute URL or a same-origin path. */
  apiUrl: string;
  inboxEmailSuffix: string;
  captchaSiteKey: string;
  /** Where "Submit Issue" on the error page opens a prefilled bug report. */
  issueTrackerUrl: string;
  sentryDsn?: string;
  posthogKey?: string;
  firebaseConfig?: string;
  openpanelClientId?: string;
  openpanelApiUrl?: string;
}

export const ENV_DEFAULTS = {
  apiUrl: "/api",
  inboxEmailSuffix: "@inbox.follow.local",
  // hCaptcha's public test key: always passes, so local setups need no account.
  captchaSiteKey: "10000000-ffff-ffff-ffff-000000000001",
  issueTrackerUrl: "https://github.com/follow-reader/follow/issues/new",
} as const;

export class InvalidEnvError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super("Invalid environment variables");
    this.problems = problems;
    this.name = "InvalidEnvError";
  }
}

type RawEnv = Record<string, unknown>;

/** Validates the raw environment; throws InvalidEnvError listing every bad value. */
export function parseClientEnv(raw: RawEnv, pageOrigin?: string): ClientEnv {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = raw[name];
    if (value === undefined || value === null || value === "") return undefined;
    if (typeof value !== "string") {
      problems.push(`${name}: expected a string`);
      return undefined;
    }
    return value;
  };
  const url = (name: string, value: string | undefined): string | undefined => {
    if (value !== undefined && !isAbsoluteUrl(value)) problems.push(`${name}: not a valid URL`);
    return value;
  };

  const webUrl = url("VITE_WEB_URL", read("VITE_WEB_URL") ?? pageOrigin);
  const apiUrl = read("VITE_API_URL") ?? ENV_DEFAULTS.apiUrl;
  if (!isAbsoluteUrl(apiUrl) && !apiUrl.startsWith("/")) {
    problems.push("VITE_API_URL: not a valid URL or absolute path");
  }
  const env: ClientEnv = {
    webUrl: webUrl ?? "",
    apiUrl,
    inboxEmailSuffix: read("VITE_INBOXES_EMAIL") ?? ENV_DEFAULTS.inboxEmailSuffix,
    captchaSiteKey: read("VITE_HCAPTCHA_SITE_KEY") ?? ENV_DEFAULTS.captchaSiteKey,
    issueTrackerUrl:
      url("VITE_ISSUE_TRACKER_URL", read("VITE_ISSUE_TRACKER_URL")) ?? ENV_DEFAULTS.issueTrackerUrl,
    sentryDsn: url("VITE_SENTRY_DSN", read("VITE_SENTRY_DSN")),
    posthogKey: read("VITE_POSTHOG_KEY"),
    firebaseConfig: read("VITE_FIREBASE_CONFIG"),
    openpanelClientId: read("VITE_OPENPANEL_CLIENT_ID"),
    openpanelApiUrl: url("VITE_OPENPANEL_API_URL", read("VITE_OPENPANEL_API_URL")),
  };
  if (webUrl === undefined) problems.push("VITE_WEB_URL: required");
  if (problems.length > 0) throw new InvalidEnvError(problems);
  return env;
}

function isAbsoluteUrl(value: string): boolean {
  try {
    const parsed = new URL(value);
    return parsed.protocol === "http:" || parsed.protocol === "https:";
  } catch {
    return false;
  }
}
