import {
  CLIENT_SETTINGS_META,
  type ClientObservability,
} from "../../../contract/observability/client-settings.ts";

/** What the server configured for this page (nothing, unless the operator set it up). */
export function readObservabilitySettings(
  doc: Document | undefined = globalThis.document,
): ClientObservability {
  const content = doc
    ?.querySelector(`meta[name="${CLIENT_SETTINGS_META}"]`)
    ?.getAttribute("content");
  if (!content) return {};
  try {
    const parsed = JSON.parse(content) as ClientObservability;
    return typeof parsed === "object" && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
}
