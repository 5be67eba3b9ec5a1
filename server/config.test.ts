import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe("loadConfig", () => {
  it("has working defaults: port 3000, /api, SQLite under ./data", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.apiBasePath).toBe("/api");
    expect(config.databasePath).toBe("./data/follow.sqlite");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.rateLimit.enabled).toBe(true);
  });

  it("leases Idempotency-Keys longer than a subscribe's fetches; the write hold is for tests only", () => {
    expect(loadConfig({}).idempotency).toEqual({
      instanceId: undefined,
      leaseSeconds: 120,
      testHold: undefined,
    });
    expect(loadConfig({ FETCH_TIMEOUT_SECONDS: "5" }).idempotency.leaseSeconds).toBe(60);
    expect(problemsOf({ IDEMPOTENCY_LEASE_SECONDS: "30" })).toEqual([
      "IDEMPOTENCY_LEASE_SECONDS must be more than twice FETCH_TIMEOUT_SECONDS (30), got 30",
    ]);
    expect(
      loadConfig({ NODE_ENV: "test", TEST_HOLD_WRITES: "after:/api/reads" }).idempotency.testHold,
    ).toEqual({ phase: "after", path: "/api/reads" });
    expect(problemsOf({ TEST_HOLD_WRITES: "after:/api/reads" })).toHaveLength(1);
  });

  it("treats empty strings as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: " " }).port).toBe(3000);
  });

  it("names every bad value in one clear message", () => {
    const problems = problemsOf({
      PORT: "http",
      DATABASE_URL: "mysql://x",
      PUBLIC_URL: "not a url",
      API_BASE_PATH: "api/",
      AUTH_SECRET: "short",
      RATE_LIMIT: "maybe",
      LOG_LEVEL: "loud",
      TRUSTED_ORIGINS: "https://ok.example, ::bad::",
    });
    expect(problems).toHaveLength(8);
    expect(problems.join("\n")).toMatch(/PORT must be an integer between 0 and 65535, got "http"/);
    expect(problems.join("\n")).toMatch(/DATABASE_URL must use postgres: or postgresql:/);
    expect(problems.join("\n")).toMatch(/PUBLIC_URL must be a valid URL/);
    expect(problems.join("\n")).toMatch(/AUTH_SECRET must be at least 32 characters/);
  });

  it("keeps avatars on disk unless a whole S3 bucket is configured", () => {
    expect(loadConfig({}).uploads.s3).toBeUndefined();
    expect(problemsOf({ S3_BUCKET: "avatars" })).toEqual([
      "S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together",
    ]);
    const { s3 } = loadConfig({
      S3_ENDPOINT: "https://s3.example.com",
      S3_BUCKET: "avatars",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_PATH_STYLE: "false",
    }).uploads;
    expect(s3).toMatchObject({ region: "us-east-1", pathStyle: false, prefix: "" });
  });

  it("requires a secret in production", () => {
    expect(problemsOf({ NODE_ENV: "production" })).toEqual([
      "AUTH_SECRET is required when NODE_ENV=production (32+ random characters)",
    ]);
  });

  it("caps the session age at the 400-day cookie limit", () => {
    expect(loadConfig({ SESSION_MAX_AGE_DAYS: "400" }).sessionMaxAgeSeconds).toBe(34_560_000);
    expect(problemsOf({ SESSION_MAX_AGE_DAYS: "401" })[0]).toMatch(/SESSION_MAX_AGE_DAYS/);
  });

  it("reads PostgreSQL, origins and admins", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://u:p@127.0.0.1:5432/follow",
      TRUSTED_ORIGINS: "https://a.example/path, http://localhost:5173",
      ADMIN_EMAILS: "Admin@Example.com",
    });
    expect(config.databaseUrl).toBe("postgres://u:p@127.0.0.1:5432/follow");
    expect(config.trustedOrigins).toEqual(["https://a.example", "http://localhost:5173"]);
    expect(config.adminEmails).toEqual(["admin@example.com"]);
  });
});
