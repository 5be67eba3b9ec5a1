import { APP_VERSION } from "../../contract/constants.ts";
import { detectBrowser, detectEnvironment, detectOs } from "../platform/client-info.ts";
import type { IssueReport } from "./issue-url.ts";
import { getSessionTraceId, traceIdForError } from "./trace-id.ts";

/** Gathers the bug-report fields from this browser for a caught error. */
export function collectIssueReport(error: unknown): IssueReport {
  const userAgent = typeof navigator === "undefined" ? "" : navigator.userAgent;
  const asError = error instanceof Error ? error : undefined;
  return {
    errorMessage: asError?.message ?? String(error),
    errorStack: asError?.stack,
    errorTraceId: traceIdForError(error),
    appVersion: APP_VERSION,
    os: detectOs(userAgent),
    userAgent,
    environment: detectEnvironment(typeof window === "undefined" ? undefined : window),
    browser: detectBrowser(userAgent),
    sessionTraceId: getSessionTraceId(),
    mode: import.meta.env.MODE,
  };
}
