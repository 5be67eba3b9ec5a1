import { Data } from "effect";
import { HTTP_RETRY_STATUSES } from "../../contract/constants.ts";
import { type FetchError, isFetchError } from "../api/fetch-error.ts";

/** A failure worth retrying: no answer (network, timeout) or one of the statuses retried (HTTP_RETRY_STATUSES). */
export class Retryable extends Data.TaggedError("Retryable")<{
  readonly error: unknown;
  /** True when no response came at all: the server may or may not have applied the write. */
  readonly network: boolean;
}> {}

/** A permanent answer (4xx outside the retried statuses): the command is rolled back. */
export class Rejected extends Data.TaggedError("Rejected")<{
  readonly error: FetchError | Error;
}> {}

export type SyncFailure = Retryable | Rejected;

// 401 keeps the queue: the user signs in again and their actions still sync.
const WAIT_STATUSES = new Set([...HTTP_RETRY_STATUSES, 401]);
/**
 * "Previous operation is not completed": the first request under this Idempotency-Key is still
 * running, or its server died mid-write (the key then expires). Never final, whatever the status.
 */
const STILL_RUNNING_CODE = 1;

export function classify(error: unknown): SyncFailure {
  if (isFetchError(error)) {
    if (error.status === null) return new Retryable({ error, network: !error.aborted });
    if (error.code === STILL_RUNNING_CODE) return new Retryable({ error, network: false });
    if (WAIT_STATUSES.has(error.status)) return new Retryable({ error, network: false });
    return new Rejected({ error });
  }
  // Anything else is a defect in the command's own code: retrying would block the queue.
  return new Rejected({ error: error instanceof Error ? error : new Error(String(error)) });
}

/**
 * A command the server refused, after its rollback: the UI shows it as a toast. `messageKey`
 * is the catalogue entry (errors:{code}); `fallback` the server's own message.
 */
export interface CommandRejection {
  commandId: string;
  command: string;
  /** i18n key of the command's label. */
  label: string;
  code: number | undefined;
  status: number | null;
  messageKey: string | undefined;
  fallback: string;
  reason: string | undefined;
  error: FetchError | Error;
}

export function rejection(
  command: { commandId: string; name: string; label: string },
  error: FetchError | Error,
): CommandRejection {
  const fetchError = isFetchError(error) ? error : undefined;
  const code = fetchError?.code;
  return {
    commandId: command.commandId,
    command: command.name,
    label: command.label,
    code,
    status: fetchError?.status ?? null,
    messageKey: code === undefined ? undefined : `errors:${code}`,
    fallback: fetchError?.serverMessage ?? error.message,
    reason: fetchError?.reason,
    error,
  };
}
