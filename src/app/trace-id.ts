/** Trace ids tie a bug report to logs: one per browser tab and one per caught error. */
const SESSION_TRACE_KEY = "follow:session-trace-id";

function newTraceId(): string {
  if (typeof crypto !== "undefined" && "randomUUID" in crypto) return crypto.randomUUID();
  return `${Date.now().toString(16)}-${Math.random().toString(16).slice(2, 14)}`;
}

let sessionTraceId: string | undefined;

/** Stable for the life of the tab (sessionStorage survives reloads, not new tabs). */
export function getSessionTraceId(): string {
  if (sessionTraceId) return sessionTraceId;
  try {
    sessionTraceId = sessionStorage.getItem(SESSION_TRACE_KEY) ?? newTraceId();
    sessionStorage.setItem(SESSION_TRACE_KEY, sessionTraceId);
  } catch {
    sessionTraceId = newTraceId();
  }
  return sessionTraceId;
}

export const SESSION_TRACE_STORAGE_KEY = SESSION_TRACE_KEY;

const errorTraceIds = new WeakMap<object, string>();

/** The same error object always gets the same id, so re-renders do not change it. */
export function traceIdForError(error: unknown): string {
  if (typeof error !== "object" || error === null) return newTraceId();
  let id = errorTraceIds.get(error);
  if (!id) {
    id = newTraceId();
    errorTraceIds.set(error, id);
  }
  return id;
}
