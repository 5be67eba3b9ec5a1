import { Subject } from "rxjs";
import type { BatchRunner, SqlStatement } from "./batch.ts";
import type { VfsKind } from "./browser-runtime.ts";
// A bundle of its own, fetched by the worker only where OPFS is missing; referenced from here
// so that the service worker's precache (public/sw.js) finds it for offline use.
import idbRuntimeUrl from "./idb-runtime.ts?worker&url";
import { createResultSharing, type ResultSharing, readCommit } from "./shared-results.ts";
import type { ExecuteResult, LocalDatabase, Row, SqlRunner, SqlValue } from "./types.ts";
import {
  deserializeError,
  type OpenReply,
  type ReplyValue,
  type WorkerMessage,
  type WorkerRequest,
} from "./worker-protocol.ts";

/** The local database file. */
const DATABASE_FILENAME = "follow.db";

export interface BrowserDatabase extends LocalDatabase, BatchRunner {
  /** Where follow.db lives: OPFS, or IndexedDB ("WA_SQLITE") where OPFS is missing. */
  readonly vfs: VfsKind;
  /** Why that storage: every tab of a profile opens the same one (./storage-choice.ts). */
  readonly storageReason: string;
  /** Migration versions applied while opening, and whether a failure wiped the file. */
  readonly migration: { applied: number[]; wiped: boolean };
  /** Live query results passed to and from the other tabs. */
  readonly sharing: ResultSharing;
}

export interface BrowserDatabaseOptions {
  filename?: string;
  /** "idb" skips OPFS (tests of the fallback). */
  vfs?: VfsKind;
  /**
   * Called while the open waits for its storage (another tab holds the file, or the browser
   * refuses it for now); the open retries until it works rather than open a second database.
   */
  onWaiting?: (reason: string, attempt: number) => void;
}

type Request = WorkerRequest extends infer R ? (R extends unknown ? Omit<R, "id"> : never) : never;

interface Pending {
  resolve(value: ReplyValue): void;
  reject(error: Error): void;
  onChunk?(chunk: Uint8Array): void;
}

/**
 * Opens follow.db in a dedicated worker of this tab and migrates it (migrations
 * come first at startup). Every call is a message to the worker; a transaction's work runs
 * here and sends its statements one by one.
 */
export async function openBrowserDatabase(
  options: BrowserDatabaseOptions = {},
): Promise<BrowserDatabase> {
  const worker = new Worker(new URL("./worker.ts", import.meta.url), {
    type: "module",
    name: "follow-db",
  });
  const pending = new Map<number, Pending>();
  const changes$ = new Subject<ReadonlySet<string>>();
  const sharing = createResultSharing();
  let nextId = 0;

  worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
    const message = event.data;
    if (message.type === "changes") {
      const { tables, id } = readCommit(message.tables);
      const changed = new Set(tables);
      if (id) sharing.note(changed, { id, own: message.own });
      return changes$.next(changed);
    }
    if (message.type === "waiting") {
      console.warn(
        `follow.db: waiting for its storage (attempt ${message.attempt})`,
        message.reason,
      );
      return options.onWaiting?.(message.reason, message.attempt);
    }
    const waiting = pending.get(message.id);
    if (message.type === "chunk") return waiting?.onChunk?.(message.chunk);
    pending.delete(message.id);
    if (message.ok) waiting?.resolve(message.value);
    else waiting?.reject(deserializeError(message.error));
  };
  worker.onerror = (event) => {
    const error = new Error(`The database worker failed: ${event.message}`);
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };

  function request<T extends ReplyValue>(
    body: Request,
    onChunk?: (chunk: Uint8Array) => void,
  ): Promise<T> {
    const id = ++nextId;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: ReplyValue) => void, reject, onChunk });
      worker.postMessage({ ...body, id });
    });
  }

  const execute = (sql: string, params: readonly SqlValue[] = [], txId?: number) =>
    request<ExecuteResult>({ op: "run", sql, params, txId });

  const executeBatch = (statements: readonly SqlStatement[], txId?: number) =>
    request<ExecuteResult[]>({ op: "batch", statements, txId });

  async function query<T extends Row>(sql: string, params?: readonly SqlValue[], txId?: number) {
    try {
      return (await execute(sql, params, txId)).rows as T[];
    } catch (error) {
      console.error("SQL failed:", sql, error);
      return [];
    }
  }

  let opened: OpenReply;
  try {
    opened = await request<OpenReply>({
      op: "open",
      filename: options.filename ?? DATABASE_FILENAME,
      vfs: options.vfs ?? "opfs",
      idbRuntimeUrl,
    });
  } catch (error) {
    sharing.close();
    worker.terminate();
    throw error;
  }

  return {
    vfs: opened.vfs,
    storageReason: opened.storageReason,
    migration: { applied: opened.migrated, wiped: opened.wiped },
    changes$: changes$.asObservable(),
    sharing,
    query: (sql, params) => query(sql, params),
    execute: (sql, params) => execute(sql, params),
    executeBatch: (statements) => executeBatch(statements),

    async transaction<T>(tables: readonly string[], work: (tx: SqlRunner) => Promise<T>) {
      const txId = await request<number>({ op: "begin", tables: [...tables] });
      // A BatchRunner (see batch.ts), typed as the SqlRunner of types.ts.
      const runner: BatchRunner = {
        query: (sql, params) => query(sql, params, txId),
        execute: (sql, params) => execute(sql, params, txId),
        executeBatch: (statements) => executeBatch(statements, txId),
      };
      let result: T;
      try {
        result = await work(runner);
      } catch (error) {
        await request({ op: "end", txId, commit: false }).catch((rollbackError: unknown) => {
          console.error("ROLLBACK failed", rollbackError);
        });
        throw error;
      }
      await request({ op: "end", txId, commit: true });
      return result;
    },

    async *exportFile() {
      const chunks: Uint8Array[] = [];
      let wake: (() => void) | undefined;
      let finished = false;
      let failure: unknown;
      void request({ op: "export" }, (chunk) => {
        chunks.push(chunk);
        wake?.();
      }).then(
        () => {
          finished = true;
          wake?.();
        },
        (error: unknown) => {
          failure = error;
          finished = true;
          wake?.();
        },
      );
      while (true) {
        const chunk = chunks.shift();
        if (chunk) {
          yield chunk;
          continue;
        }
        if (finished) {
          if (failure) throw failure;
          return;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    },

    async reset() {
      await request({ op: "reset" });
    },

    async close() {
      await request({ op: "close" }).catch(() => undefined);
      changes$.complete();
      sharing.close();
      worker.terminate();
    },
  };
}
