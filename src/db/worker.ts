import { clientMigrations } from "../../migrations/client/index.ts";
import { executeBatch } from "./batch.ts";
import { loadBrowserRuntime } from "./browser-runtime.ts";
import { type Engine, openEngine } from "./engine.ts";
import { withWebLock } from "./mutex.ts";
import { openConnection } from "./sqlite.ts";
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
let nextTxId = 0;
const transactions = new Map<number, OpenTransaction>();
const channel = new BroadcastChannel(CHANGES_CHANNEL);

// Another tab committed: pass it on to this tab's queries.
channel.onmessage = (event: MessageEvent<string[]>) => {
  post({ type: "changes", tables: event.data });
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
      channel.close();
      return null;
  }
}

async function open(filename: string, prefer: "opfs" | "idb", idbRuntimeUrl: string) {
  const runtime = await loadBrowserRuntime(prefer, idbRuntimeUrl);
  engine = openEngine({
    connect: () => openConnection(runtime, filename, runtime.vfsName),
    destroy: () => runtime.deleteFile(filename),
    exportFiles: runtime.exportFiles,
    migrations: clientMigrations,
    crossTabLock: (work) => withWebLock(WRITE_LOCK, work),
  });
  const opened = await engine;
  opened.changes$.subscribe((tables) => {
    const list = [...tables];
    post({ type: "changes", tables: list });
    channel.postMessage(list);
  });
  return { vfs: runtime.kind, migrated: opened.migration.applied, wiped: opened.migration.wiped };
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
