import { describe, expect, it } from "vitest";
import { ENV_DEFAULTS, InvalidEnvError, parseClientEnv } from "./env.ts";

const origin = "http://localhost:3000";

describe("parseClientEnv", () => {
  it("fills defaults and takes the web URL from the page origin", () => {
    const env = parseClientEnv({}, origin);
    expect(env.webUrl).toBe(origin);
    expect(env.apiUrl).toBe(ENV_DEFAULTS.apiUrl);
    expect(env.inboxEmailSuffix).toBe(ENV_DEFAULTS.inboxEmailSuffix);
    expect(env.captchaSiteKey).toBe(ENV_DEFAULTS.captchaSiteKey);
    expect(env.issueTrackerUrl).toBe(ENV_DEFAULTS.issueTrackerUrl);
    expect(env.sentryDsn).toBeUndefined();
  });

  it("treats empty strings as unset", () => {
    const env = parseClientEnv({ VITE_API_URL: "", VITE_WEB_URL: "", VITE_SENTRY_DSN: "" }, origin);
    expect(env.apiUrl).toBe("/api");
    expect(env.webUrl).toBe(origin);
    expect(env.sentryDsn).toBeUndefined();
  });

  it("accepts valid values", () => {
    const env = parseClientEnv({
      VITE_WEB_URL: "https://app.example.com",
      VITE_API_URL: "https://api.example.com/v1",
      VITE_OPENPANEL_API_URL: "https://op.example.com",
      VITE_POSTHOG_KEY: "phc_1",
    });
    expect(env.webUrl).toBe("https://app.example.com");
    expect(env.apiUrl).toBe("https://api.example.com/v1");
    expect(env.posthogKey).toBe("phc_1");
  });

  it("rejects an invalid web URL with 'Invalid environment variables'", () => {
    expect(() => parseClientEnv({ VITE_WEB_URL: "not a url" }, origin)).toThrow(
      "Invalid environment variables",
    );
  });

  it("rejects a missing web URL when there is no page origin", () => {
    expect(() => parseClientEnv({})).toThrow(InvalidEnvError);
  });

  it("lists every problem", () => {
    try {
      parseClientEnv({ VITE_WEB_URL: "x", VITE_API_URL: "api", VITE_SENTRY_DSN: "nope" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidEnvError);
      expect((error as InvalidEnvError).problems).toHaveLength(3);
    }
  });
});
