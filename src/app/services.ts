import { APP_VERSION } from "../../contract/constants.ts";
import { type ApiReactions, createApiClient } from "../api/index.ts";
import { i18n, translate } from "../i18n/index.ts";
import { detectEnvironment } from "../platform/client-info.ts";
import { afterContentPainted } from "../platform/first-paint.ts";
import type { OptionalServicesConfig } from "../runtime/optional-steps.ts";
import { startErrorReports } from "../services/observability/error-reports.ts";
import { readObservabilitySettings } from "../services/observability/settings.ts";
import { localSessionCache } from "../session/session-cache.ts";
import { createSessionService } from "../session/session-service.ts";
import { browserOnlineSource, createConnectivity } from "../sync/connectivity.ts";
import { showToast } from "../ui/toasts.tsx";
import type { ClientEnv } from "./env.ts";
import { type AppRouter, createAppRouter } from "./router.ts";
import { getSessionTraceId } from "./trace-id.ts";

/**
 * Wires the API client, the session and the router together. The API client's reactions need
 * the router and the router needs the session, so the router is bound late.
 */
export function createServices(env: ClientEnv) {
  let router: AppRouter | undefined;
  // Connectivity: browser events, plus what each API answer (or its absence) says.
  const connectivity = createConnectivity(browserOnlineSource(window));
  const navigate = (href: string) => void router?.navigate({ href });

  const reactions: ApiReactions = {
    toast: (request) =>
      showToast(request, {
        activation: {
          label: i18n.t("errors:activation.action"),
          onClick: () => navigate("/invitation"),
        },
      }),
    navigate,
    signedOut: () => {
      session.markSignedOut();
      const location = router?.state.location;
      // On /login already (a wrong password answers 401): keep the form and its ?redirect.
      if (location && location.pathname !== "/login") {
        void router?.navigate({ to: "/login", search: { redirect: location.href } });
      }
    },
    translate,
    onNetworkResult: (ok) => connectivity.reportNetworkResult(ok),
  };

  const api = createApiClient({
    baseURL: env.apiUrl,
    platform: detectEnvironment(window) === "electron" ? "desktop" : "web",
    dev: import.meta.env.DEV,
    reactions,
    // Effect (the Schemas) stays out of the timeline's first paint: what it shows (session,
    // first pull) is decoded after it, or after 3 s (src/api/call.ts checkLater).
    loadSchemasAfter: afterContentPainted(
      window.location.pathname.startsWith("/timeline") ? 3000 : 0,
    ),
  });
  const session = createSessionService(api.fetch.call, localSessionCache(), api.abortInFlight);
  router = createAppRouter({ session, env });
  return { api, session, router, connectivity, optional: optionalServices(env) };
}

/**
 * What the start-up sequence's optional steps need to know: error reporting names the app's
 * release once a reporter is configured; analytics runs once a client key is configured.
 */
function optionalServices(env: ClientEnv): OptionalServicesConfig {
  // The operator's settings, written into the page by the server (none unless configured).
  const { errors, analytics } = readObservabilitySettings();
  return {
    errorReportingRelease: errors?.release ?? (env.sentryDsn ? APP_VERSION : undefined),
    analyticsConfigured: Boolean(analytics || env.posthogKey || env.openpanelClientId),
    ...(errors
      ? { startErrorReporting: () => startErrorReports(errors, getSessionTraceId()) }
      : {}),
    ...(analytics
      ? {
          // The analytics client loads when it starts (after sign-in), not before the first paint.
          startAnalytics: (userId, allowed) =>
            import("../services/observability/start-analytics.ts").then((m) =>
              m.startAnalytics(analytics, userId, allowed),
            ),
        }
      : {}),
  };
}
