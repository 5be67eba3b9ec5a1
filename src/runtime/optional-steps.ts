import type { OptionalStep } from "./startup.ts";

/**
 * The optional start-up steps: each knows when it applies, and what starting it does comes
 * from the app (src/services/observability), which loads its SDK only then.
 */
export interface OptionalServicesConfig {
  /** The release error reports name; set only when an error reporter is configured. */
  errorReportingRelease?: string | undefined;
  /** An analytics client is configured (the operator's analytics host, PostHog or OpenPanel keys). */
  analyticsConfigured: boolean;
  /** Starts the error reporter (loads its SDK). */
  startErrorReporting?: () => Promise<void>;
  /** Starts analytics as this user; `allowed` is asked again before every send. */
  startAnalytics?: (userId: string | undefined, allowed: () => boolean) => Promise<void>;
}

const notYet = () => undefined;

/** Error reporting starts only with a release set (no reports from development builds). */
export function errorReportingStep(
  release: string | undefined,
  start: () => void | Promise<void> = notYet,
): OptionalStep {
  return { applies: () => release !== undefined, start };
}

/** Analytics starts only when configured and the user allows anonymous data. */
export function analyticsStep(
  configured: boolean,
  allowed: () => boolean,
  start: () => void | Promise<void> = notYet,
): OptionalStep {
  return { applies: () => configured && allowed(), start };
}

/** Push registration needs service workers and the Push API; `renew` re-registers. */
export function pushRegistrationStep(
  target: object = globalThis,
  renew: () => Promise<void> = async () => notYet(),
): OptionalStep {
  const navigator = (target as { navigator?: object }).navigator;
  return {
    applies: () =>
      navigator !== undefined && "serviceWorker" in navigator && "PushManager" in target,
    start: () => renew().catch(() => undefined),
  };
}
