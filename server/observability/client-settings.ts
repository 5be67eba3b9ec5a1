import {
  CLIENT_SETTINGS_META,
  type ClientObservability,
} from "../../contract/observability/client-settings.ts";
import type { ObservabilityConfig } from "../config.ts";

export function clientObservability(config: ObservabilityConfig): ClientObservability {
  const { errors, analytics } = config;
  return {
    ...(errors.dsn && errors.release
      ? { errors: { dsn: errors.dsn, release: errors.release, environment: errors.environment } }
      : {}),
    ...(analytics.host && analytics.key
      ? { analytics: { host: analytics.host, key: analytics.key } }
      : {}),
  };
}

/** The head tag, or "" with nothing configured. */
export function clientSettingsHtml(config: ObservabilityConfig): string {
  const settings = clientObservability(config);
  if (!settings.errors && !settings.analytics) return "";
  const json = JSON.stringify(settings).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<meta name="${CLIENT_SETTINGS_META}" content="${json}">`;
}

/** Origins the page must be allowed to send to (the CSP's connect-src). */
export function clientConnectOrigins(config: ObservabilityConfig): string[] {
  const settings = clientObservability(config);
  const origins: string[] = [];
  if (settings.errors) origins.push(new URL(settings.errors.dsn).origin);
  if (settings.analytics) origins.push(new URL(settings.analytics.host).origin);
  return [...new Set(origins)];
}
