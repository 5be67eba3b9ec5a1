import type { OptionalStep } from "./startup.ts";

/**
 * The start-up steps with no backing yet: each knows when it applies, and starting it does
 * nothing until its service lands (an error reporter, an analytics client, web push). They sit
 * in the sequence now so that service slots into its place in the start-up order.
 */
export interface OptionalServicesConfig {
  /** The release error reports name; set only when an error reporter is configured. */
  errorReportingRelease?: string | undefined;
  /** An analytics client is configured (PostHog or OpenPanel keys). */
  analyticsConfigured: boolean;
}

const notYet = () => undefined;

/** Error reporting starts only with a release set (no reports from development builds). */
export function errorReportingStep(release: string | undefined): OptionalStep {
  return { applies: () => release !== undefined, start: notYet };
}

/** Analytics starts only when configured and the user allows anonymous data. */
export function analyticsStep(configured: boolean, allowed: () => boolean): OptionalStep {
  return { applies: () => configured && allowed(), start: notYet };
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
