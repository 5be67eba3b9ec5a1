/**
 * What the browser is told about error reports and analytics, at run time (one build serves
 * every operator): the server writes it into the page's head as a meta tag, the client reads it.
 * Absent when nothing is configured: the page then names no outside address at all.
 */
export interface ClientObservability {
  errors?: { dsn: string; release: string; environment: string };
  analytics?: { host: string; key: string };
}

export const CLIENT_SETTINGS_META = "follow-observability";
