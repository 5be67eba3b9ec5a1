/**
 * The error every failed API call rejects with: an HTTP status 400-599, or no response
 * at all (network failure, timeout, abort). Carries the parsed server body `{code, message,
 * reason}` when the body has that shape.
 */
export interface FetchErrorInit {
  method: string;
  url: string;
  /** null when no response arrived. */
  status: number | null;
  statusText?: string;
  /** The response body as parsed (JSON object, text, or undefined). */
  data?: unknown;
  /** True when the caller aborted the request (not a connectivity problem). */
  aborted?: boolean;
  cause?: unknown;
}

export interface ServerErrorFields {
  code?: number;
  serverMessage?: string;
  reason?: string;
}

export class FetchError extends Error {
  override readonly name = "FetchError";
  readonly method: string;
  readonly url: string;
  readonly status: number | null;
  readonly statusText: string;
  readonly data: unknown;
  readonly aborted: boolean;
  /** The error catalogue's code (contract/errors.ts), when the server sent one. */
  readonly code: number | undefined;
  /** The server's own (English) message, when it sent one. */
  readonly serverMessage: string | undefined;
  /** Details for the user or a bug report, when the server sent them. */
  readonly reason: string | undefined;

  constructor(init: FetchErrorInit) {
    const fields = parseServerError(init.data);
    super(describe(init, fields), init.cause === undefined ? undefined : { cause: init.cause });
    this.method = init.method;
    this.url = init.url;
    this.status = init.status;
    this.statusText = init.statusText ?? "";
    this.data = init.data;
    this.aborted = init.aborted ?? false;
    this.code = fields.code;
    this.serverMessage = fields.serverMessage;
    this.reason = fields.reason;
  }

  /** True when the request never got an answer (offline, DNS, refused, timeout). */
  get isNetworkError(): boolean {
    return this.status === null && !this.aborted;
  }
}

export function isFetchError(error: unknown): error is FetchError {
  return error instanceof FetchError;
}

/** Reads `{code, message, reason}` leniently: a numeric string code counts, other shapes don't. */
export function parseServerError(data: unknown): ServerErrorFields {
  if (typeof data !== "object" || data === null) return {};
  const body = data as Record<string, unknown>;
  const fields: ServerErrorFields = {};
  const code =
    typeof body.code === "string" && /^\d+$/.test(body.code) ? Number(body.code) : body.code;
  if (typeof code === "number" && Number.isSafeInteger(code)) fields.code = code;
  if (typeof body.message === "string" && body.message !== "") fields.serverMessage = body.message;
  if (typeof body.reason === "string" && body.reason !== "") fields.reason = body.reason;
  return fields;
}

function describe(init: FetchErrorInit, fields: ServerErrorFields): string {
  const request = `${init.method} ${init.url}`;
  if (init.status === null) {
    const why = init.cause instanceof Error ? init.cause.message : "no response";
    return `${request} failed: ${init.aborted ? "aborted" : why}`;
  }
  const status = `${init.status}${init.statusText ? ` ${init.statusText}` : ""}`;
  const server = fields.serverMessage ? `: ${fields.serverMessage}` : "";
  const code = fields.code === undefined ? "" : ` (code ${fields.code})`;
  return `${request} failed with ${status}${server}${code}`;
}
