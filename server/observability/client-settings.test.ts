import { describe, expect, it } from "vitest";
import type { ObservabilityConfig } from "../config.ts";
import { clientConnectOrigins, clientSettingsHtml } from "./client-settings.ts";

const config = (
  errors: Partial<ObservabilityConfig["errors"]>,
  analytics: Partial<ObservabilityConfig["analytics"]> = {},
): ObservabilityConfig => ({
  metrics: { token: undefined, listen: undefined },
  errors: { dsn: undefined, release: undefined, environment: "stable", ...errors },
  analytics: { host: undefined, key: undefined, ...analytics },
});

describe("the page's observability settings", () => {
  it("names nothing with nothing configured, nor with a DSN and no release", () => {
    expect(clientSettingsHtml(config({}))).toBe("");
    const dsnOnly = config({ dsn: "http://key@127.0.0.1:9/1" }, { host: "http://127.0.0.1:8" });
    expect(clientSettingsHtml(dsnOnly)).toBe("");
    expect(clientConnectOrigins(dsnOnly)).toEqual([]);
  });

  it("writes the reporter (with its release) and analytics once each is fully configured", () => {
    const both = config(
      { dsn: "http://key@127.0.0.1:9/1", release: 'follow@1"<x>' },
      { host: "http://127.0.0.1:8", key: "project" },
    );
    const html = clientSettingsHtml(both);
    expect(html).toMatch(/^<meta name="follow-observability" content="[^"<>]+">$/);
    const content = html
      .slice(html.indexOf('content="') + 9, -2)
      .replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)));
    expect(JSON.parse(content)).toEqual({
      errors: { dsn: "http://key@127.0.0.1:9/1", release: 'follow@1"<x>', environment: "stable" },
      analytics: { host: "http://127.0.0.1:8", key: "project" },
    });
    expect(clientConnectOrigins(both)).toEqual(["http://127.0.0.1:9", "http://127.0.0.1:8"]);
  });
});
