import {
  DESKTOP_SERVICES,
  INTEGRATION_SERVICES,
  type IntegrationService,
  isServiceConfigured,
} from "../../contract/integrations.ts";

/**
 * The `integration` settings tab as the server answered it (secrets as hints). Not kept in
 * local storage with the other tabs: it holds what the services need, and the server is where
 * it is used; the settings page and the entry menu read it from here once loaded.
 */
export type IntegrationValues = Readonly<Record<string, unknown>>;

let values: IntegrationValues | undefined;
const listeners = new Set<() => void>();

export const integrationSettingsStore = {
  get: (): IntegrationValues | undefined => values,
  set(next: IntegrationValues) {
    values = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The services the entry menu offers: on, set up, and reachable from here. */
export function availableServices(
  current: IntegrationValues | undefined,
  desktop: boolean,
): IntegrationService[] {
  if (!current) return [];
  return INTEGRATION_SERVICES.filter(
    (service) =>
      isServiceConfigured(service, current) &&
      (desktop || !(DESKTOP_SERVICES as readonly string[]).includes(service)),
  );
}
