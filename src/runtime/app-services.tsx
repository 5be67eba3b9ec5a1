import { createContext, type ReactNode, useContext } from "react";
import type { ApiFetch } from "../api/client.ts";
import type { Connectivity } from "../sync/connectivity.ts";
import type { OptionalServicesConfig } from "./optional-steps.ts";

/**
 * App-wide services the screens need beside the session: the API client, connectivity, and
 * what the start-up sequence's optional steps are configured with.
 */
export interface AppServices {
  api: ApiFetch;
  connectivity: Connectivity;
  optional: OptionalServicesConfig;
}

const AppServicesContext = createContext<AppServices | null>(null);

export function AppServicesProvider(props: { services: AppServices; children: ReactNode }) {
  return <AppServicesContext value={props.services}>{props.children}</AppServicesContext>;
}

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error("useAppServices outside AppServicesProvider");
  return services;
}
