import { clientMigrations } from "../../migrations/client/index.ts";
import { executeBatch } from "./batch.ts";
import { type BrowserRuntime, loadBrowserRuntime, type VfsKind } from "./browser-runtime.ts";
import { type Engine, openEngine } from "./engine.ts";
import { withWebLock } from "./mutex.ts";
import { tagCommit } from "./shared-results.ts";
import { openConnection } from "./sqlite.ts";
import { announcePresence, chooseStorage, SETUP_LOCK } from "./storage-choice.ts";
import type { SqlRunner } from "./types.ts";
import {
  CHANGES_CHANNEL,
  type ReplyValue,
  serializeError,
  type WorkerMessage,
  type WorkerRequest,
  WRITE_LOCK,
} from "./worker-protocol.ts";

/**
 * The dedicated worker that owns this tab's connection to follow.db. Every tab has its own
 * worker and connection; OPFSCoopSyncVFS (or IndexedDB) lets them take turns on the file,
 * the Web Lock WRITE_LOCK orders their transactions, and CHANGES_CHANNEL tells the other
 * tabs what each commit changed.
 */
// The app's TypeScript lib is DOM, not WebWorker: this is the part of the worker scope we use.
const scope = self as unknown as {
  postMessage(message: WorkerMessage, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
};
const post = (message: WorkerMessage, transfer: Transferable[] = []) =>
  scope.postMessage(message, transfer);

interface OpenTransaction {
  runner: SqlRunner;
  finish(commit: boolean): void;
  done: Promise<unknown>;
}

/** Rejects the transaction work so the engine rolls back; not an error to report. */
const ROLLBACK = Symbol("rollback");

let engine: Promise<Engine> | undefined;
/** Settles when the worker closes the database: the presence lock is held until then. */
let markClosed: () => void = () => {};
const closed = new Promise<void>((resolve) => {
  markClosed = resolve;
});
let nextTxId = 0;
/** Names this tab's commits for the other tabs (./shared-results.ts). */
const tabId = crypto.randomUUID();
let commits = 0;
const transactions = new Map<number, OpenTransaction>();
const channel = new BroadcastChannel(CHANGES_CHANNEL);

// Another tab committed: pass it on to this tab's queries.
channel.onmessage = (event: MessageEvent<string[]>) => {
  post({ type: "changes", tables: event.data, own: false });
};

scope.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  handle(request).then(
    (value) => post({ type: "reply", id: request.id, ok: true, value }),
    (error: unknown) =>
      post({ type: "reply", id: request.id, ok: false, error: serializeError(error) }),
  );
};

async function handle(request: WorkerRequest): Promise<ReplyValue> {
  switch (request.op) {
    case "open":
      return open(request.filename, request.vfs, request.idbRuntimeUrl);
    case "run":
      return runnerFor(request.txId).then((runner) => runner.execute(request.sql, request.params));
    case "batch":
      return runnerFor(request.txId).then((runner) => executeBatch(runner, request.statements));
    case "begin":
      return begin(await ready(), request.tables);
    case "end":
      return end(request.txId, request.commit);
    case "export": {
      for await (const chunk of (await ready()).exportFile()) {
        post({ type: "chunk", id: request.id, chunk }, [chunk.buffer]);
      }
      return null;
    }
    case "reset":
      await (await ready()).reset();
      return null;
    case "close":
      await (await ready()).close();
      markClosed();
      channel.close();
      return null;
  }
}

/** A new profile's first choice (OPFS) is given up for IndexedDB after this many failures. */
const FIRST_CHOICE_ATTEMPTS = 4;
const retryDelayMs = (attempt: number) => Math.min(100 * 2 ** (attempt - 1), 2_000);

/**
 * Opens follow.db on the storage chosen for the whole profile (./storage-choice.ts), under
 * the set-up lock so that no two tabs decide at once. When that storage is busy or refuses,
 * the open waits and retries (telling the page) instead of opening a second database
 * elsewhere; only a brand-new profile may give up OPFS, before any tab has used it.
 */
function open(filename: string, prefer: VfsKind, idbRuntimeUrl: string) {
  return withWebLock(SETUP_LOCK, async () => {
    let choice = await chooseStorage(prefer, filename);
    const runtimes = new Map<VfsKind, BrowserRuntime>();
    let failed = false;
    for (let attempt = 1; ; attempt++) {
      try {
        const runtime =
          runtimes.get(choice.kind) ?? (await loadBrowserRuntime(choice.kind, idbRuntimeUrl));
        runtimes.set(choice.kind, runtime);
        if (failed) await runtime.renewVfs();
        failed = false;
        const opening = openEngine({
          connect: () => openConnection(runtime, filename, runtime.vfsName),
          destroy: () => runtime.deleteFile(filename),
          exportFiles: runtime.exportFiles,
          migrations: clientMigrations,
          crossTabLock: (work) => withWebLock(WRITE_LOCK, work),
        });
        const opened = await opening.catch((error: unknown) => {
          failed = true;
          throw error;
        });
        engine = opening;
        announcePresence(choice.kind, closed);
        opened.changes$.subscribe((tables) => {
          const list = tagCommit([...tables], `${tabId}.${++commits}`);
          post({ type: "changes", tables: list, own: true });
          channel.postMessage(list);
        });
        return {
          vfs: choice.kind,
          storageReason: choice.reason,
          migrated: opened.migration.applied,
          wiped: opened.migration.wiped,
        };
      } catch (error) {
        if (!choice.required && attempt >= FIRST_CHOICE_ATTEMPTS) {
          console.warn("OPFS does not work in this browser; follow.db goes to IndexedDB", error);
          choice = { kind: "idb", required: true, reason: "OPFS failed for a new database" };
          continue;
        }
        const reason = `${choice.reason}; ${(error as Error).name}: ${(error as Error).message}`;
        post({ type: "waiting", reason, attempt });
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
      }
    }
  });
}

// Statements run on the open transaction they name, or else on their own.
async function runnerFor(txId: number | undefined): Promise<SqlRunner> {
  if (txId === undefined) return ready();
  const tx = transactions.get(txId);
  if (!tx) throw new Error("The transaction has already finished");
  return tx.runner;
}

function ready(): Promise<Engine> {
  if (!engine) throw new Error("The database is not open");
  return engine;
}

// A transaction spans several messages: the engine's work function waits for "end".
async function begin(db: Engine, tables: readonly string[]): Promise<number> {
  const txId = ++nextTxId;
  let started: (runner: SqlRunner) => void = () => {};
  const runner = new Promise<SqlRunner>((resolve) => {
    started = resolve;
  });
  let finish: (commit: boolean) => void = () => {};
  const done = db.transaction(tables, (tx) => {
    started(tx);
    return new Promise<void>((resolve, reject) => {
      finish = (commit) => (commit ? resolve() : reject(ROLLBACK));
    });
  });
  // BEGIN itself may fail; then there is no runner to wait for.
  const first = await Promise.race([runner, done.then(() => null)]);
  if (!first) throw new Error("The transaction ended before it began");
  transactions.set(txId, { runner: first, finish: (commit) => finish(commit), done });
  return txId;
}

async function end(txId: number, commit: boolean): Promise<null> {
  const tx = transactions.get(txId);
  if (!tx) throw new Error("The transaction has already finished");
  transactions.delete(txId);
  tx.finish(commit);
  try {
    await tx.done;
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
  return null;
}
