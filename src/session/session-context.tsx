import { createContext, type ReactNode, useContext, useSyncExternalStore } from "react";
import type { SessionService } from "./session-service.ts";
import type { SessionState } from "./session-store.ts";

const SessionContext = createContext<SessionService | null>(null);

export function SessionProvider(props: { service: SessionService; children: ReactNode }) {
  return <SessionContext value={props.service}>{props.children}</SessionContext>;
}

export function useSessionService(): SessionService {
  const service = useContext(SessionContext);
  if (!service) throw new Error("useSessionService outside SessionProvider");
  return service;
}

/** The current session; re-renders when it changes. */
export function useSession(): SessionState {
  const { store } = useSessionService();
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
