import { createContext, type ReactNode, useContext } from "react";
import type { ApiFetch } from "../api/client.ts";
import type { Connectivity } from "../sync/index.ts";

/** App-wide services the views need beside the session: the API client and connectivity. */
export interface AppServices {
  api: ApiFetch;
  connectivity: Connectivity;
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
