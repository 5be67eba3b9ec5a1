import type { SessionService } from "../session/session-service.ts";
import type { ClientEnv } from "./env.ts";

/** What every route's beforeLoad, loader and component can reach through the router. */
export interface RouterContext {
  session: SessionService;
  env: Pick<ClientEnv, "issueTrackerUrl">;
}
