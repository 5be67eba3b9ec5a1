import type { SqlStatement } from "./batch.ts";
import type { VfsKind } from "./browser-runtime.ts";
import type { ExecuteResult, SqlValue } from "./types.ts";

/** Where importing ./idb-runtime.ts (a bundle without exports) leaves its runtime. */
export const IDB_RUNTIME_KEY = "__followIdbRuntime";

/** Messages from a tab to its database worker; `id` pairs each with its reply. */
export type WorkerRequest =
  | {
      id: number;
      op: "open";
      filename: string;
      vfs: VfsKind;
      /** The IndexedDB fallback's bundle (./idb-runtime.ts), loaded only where OPFS is missing. */
      idbRuntimeUrl: string;
    }
  | { id: number; op: "run"; sql: string; params: readonly SqlValue[]; txId?: number }
  | { id: number; op: "batch"; statements: readonly SqlStatement[]; txId?: number }
  | { id: number; op: "begin"; tables: readonly string[] }
  | { id: number; op: "end"; txId: number; commit: boolean }
  | { id: number; op: "export" }
  | { id: number; op: "reset" }
  | { id: number; op: "close" };

export interface OpenReply {
  vfs: VfsKind;
  /** Why that storage (./storage-choice.ts). */
  storageReason: string;
  migrated: number[];
  wiped: boolean;
}

export type ReplyValue = OpenReply | ExecuteResult | ExecuteResult[] | number | null;

export interface SerializedError {
  name: string;
  message: string;
  code?: number;
}

/** Messages from the worker: replies, export chunks, and committed changes. */
export type WorkerMessage =
  | { type: "reply"; id: number; ok: true; value: ReplyValue }
  | { type: "reply"; id: number; ok: false; error: SerializedError }
  | { type: "chunk"; id: number; chunk: Uint8Array }
  /** Tables a commit changed, its id among them (./shared-results.ts); `own`: this tab's. */
  | { type: "changes"; tables: string[]; own: boolean }
  /** The open is waiting for the storage (busy in another tab, or refusing): it retries. */
  | { type: "waiting"; reason: string; attempt: number };

/** Channel on which every tab's worker announces its commits (the tables changed). */
export const CHANGES_CHANNEL = "follow-db-changes";

/** The Web Lock every tab's writer takes, so one transaction runs at a time in the origin. */
export const WRITE_LOCK = "follow-db-write";

export function serializeError(error: unknown): SerializedError {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return {
      name: error.name,
      message: error.message,
      ...(typeof code === "number" ? { code } : {}),
    };
  }
  return { name: "Error", message: String(error) };
}

export function deserializeError(error: SerializedError): Error {
  const revived = new Error(error.message) as Error & { code?: number };
  revived.name = error.name;
  if (error.code !== undefined) revived.code = error.code;
  return revived;
}
