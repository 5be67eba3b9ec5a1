import { Worker } from "node:worker_threads";
import { DEFAULT_POOL_SIZE } from "../../config.ts";
import type { NormalizedEntry } from "../../feed-model.ts";
import { IngestError } from "../errors.ts";
import {
  type FeedTask,
  type PageTask,
  type ReadableTask,
  resultFeed,
  type SummaryTask,
  type Task,
  type TaskResult,
} from "./protocol.ts";
import { fromWire, type WireError } from "./wire.ts";

/**
 * A small pool of worker threads for the CPU-heavy part of ingestion (decode, parse, normalize,
 * sanitize; page discovery; full-text extraction), so a large or hostile document costs the
 * HTTP event loop only the copy of its bytes in and of the result out.
 *
 * Workers start on demand and stop after a while idle (each holds its own heap); a task that
 * runs past its deadline, or a worker that runs out of its heap limit, is answered 2004
 * ("too-costly") and the worker replaced. Workers are unref'd while idle: an idle pool never
 * keeps a process alive.
 */
export interface IngestPoolOptions {
  /** Worker threads at most (default: one per core but one, at least one). */
  size?: number;
  /** A task running longer than this is abandoned and its worker replaced. */
  taskTimeoutMs?: number;
  /** An idle worker stops after this long, handing its memory back. */
  idleMs?: number;
  /** Old-generation heap limit of each worker, in MB. */
  maxHeapMb?: number;
}

// Idle workers stop soon: each holds tens of MB, and starting one again costs ~0.3 s.
const DEFAULTS = { taskTimeoutMs: 30_000, idleMs: 5_000, maxHeapMb: 512 };
const WORKER_URL = new URL("./worker.ts", import.meta.url);
/**
 * A worker's young generation (three semi-spaces). The main thread's is bounded by npm start's
 * --max-semi-space-size=4; a worker gets V8's machine-sized default otherwise, tens of MB of RSS
 * per worker while a refresh runs (npm run bench -- rss-scale).
 */
const WORKER_YOUNG_GENERATION_MB = 24;

interface Pending {
  id: number;
  task: Task;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  current: Pending | null;
  /** Entries of the current task's result received so far (they arrive in batches). */
  entries: NormalizedEntry[];
  timer: NodeJS.Timeout | null;
}

type WorkerMessage =
  | { id: number; entries: NormalizedEntry[] }
  | { id: number; ok: true; value: TaskResult<Task> }
  | { id: number; ok: false; error: WireError };

export class IngestPool {
  readonly size: number;
  private readonly options: Required<Omit<IngestPoolOptions, "size">>;
  private readonly slots = new Set<Slot>();
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: IngestPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? DEFAULT_POOL_SIZE);
    this.options = {
      taskTimeoutMs: options.taskTimeoutMs ?? DEFAULTS.taskTimeoutMs,
      idleMs: options.idleMs ?? DEFAULTS.idleMs,
      maxHeapMb: options.maxHeapMb ?? DEFAULTS.maxHeapMb,
    };
  }

  run<T extends Task>(task: T): Promise<TaskResult<T>> {
    if (this.closed) return Promise.reject(new Error("the ingestion pool is closed"));
    return new Promise((resolve, reject) => {
      this.queue.push({
        id: this.nextId++,
        task,
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      this.dispatch();
    });
  }

  /** Workers running now (for tests and diagnostics). */
  get workers(): number {
    return this.slots.size;
  }

  /** Tasks waiting for a free worker (the metrics' queue depth). */
  get queued(): number {
    return this.queue.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new Error("pool closed"));
    await Promise.all([...this.slots].map((slot) => this.retire(slot, new Error("pool closed"))));
  }

  private dispatch() {
    while (this.queue.length > 0) {
      const slot =
        [...this.slots].find((s) => s.current === null) ??
        (this.slots.size < this.size ? this.spawn() : null);
      if (!slot) return;
      this.start(slot, this.queue.shift()!);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_URL, {
      resourceLimits: {
        maxOldGenerationSizeMb: this.options.maxHeapMb,
        maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB,
      },
    });
    const slot: Slot = { worker, current: null, entries: [], timer: null };
    worker.on("message", (message: WorkerMessage) => {
      const pending = slot.current;
      if (!pending || pending.id !== message.id) return;
      if ("entries" in message) {
        for (const entry of message.entries) slot.entries.push(entry);
        return;
      }
      const entries = slot.entries;
      this.finish(slot);
      if (message.ok) {
        const feed = resultFeed(message.value);
        if (feed) feed.entries = entries;
        pending.resolve(message.value);
      } else {
        pending.reject(fromWire(message.error));
      }
      this.dispatch();
    });
    worker.on("error", (error: Error & { code?: string }) => {
      const reason =
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? tooCostly(`reading it needed more than ${this.options.maxHeapMb} MB`)
          : error;
      void this.retire(slot, reason);
    });
    worker.on("exit", () => void this.retire(slot, new Error("ingestion worker exited")));
    worker.unref();
    this.slots.add(slot);
    return slot;
  }

  private start(slot: Slot, pending: Pending) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.current = pending;
    slot.entries = [];
    slot.worker.ref(); // a running task keeps the process alive, like any I/O would
    slot.timer = setTimeout(() => {
      const seconds = Math.round(this.options.taskTimeoutMs / 1000);
      void this.retire(slot, tooCostly(`reading it took longer than ${seconds} s`));
    }, this.options.taskTimeoutMs);
    slot.worker.postMessage({ id: pending.id, task: pending.task });
  }

  /** The slot's task is done: idle until the next one, or stop after idleMs. */
  private finish(slot: Slot) {
    slot.current = null;
    slot.entries = [];
    if (slot.timer) clearTimeout(slot.timer);
    slot.worker.unref();
    slot.timer = setTimeout(() => void this.retire(slot, null), this.options.idleMs);
    slot.timer.unref();
  }

  /** Stops a worker; its task (if any) fails with `reason`, queued work gets a new worker. */
  private async retire(slot: Slot, reason: Error | null) {
    if (!this.slots.delete(slot)) return;
    if (slot.timer) clearTimeout(slot.timer);
    const pending = slot.current;
    slot.current = null;
    slot.entries = [];
    if (pending) pending.reject(reason ?? new Error("ingestion worker stopped"));
    const stopped = slot.worker.terminate();
    if (!this.closed) this.dispatch();
    await stopped;
  }
}

function tooCostly(reason: string): IngestError {
  return new IngestError(2004, "too-costly", `the feed was refused: ${reason}`);
}

let shared: IngestPool | null = null;
let sharedOptions: IngestPoolOptions = {};

/** Sets the process-wide pool's options (at start-up, before the first task). */
export function configureIngestPool(options: IngestPoolOptions) {
  sharedOptions = options;
}

/** The process-wide pool, created on first use. */
export function ingestPool(): IngestPool {
  shared ??= new IngestPool(sharedOptions);
  return shared;
}

/** Tasks waiting for a worker of the process-wide pool (0 before its first task). */
export function ingestPoolQueued(): number {
  return shared?.queued ?? 0;
}

/** Stops the process-wide pool's workers (shutdown); a later task starts a new pool. */
export async function closeIngestPool(): Promise<void> {
  const pool = shared;
  shared = null;
  await pool?.close();
}

/** Decode + parse + normalize + sanitize of a feed body, off the event loop. */
export function ingestFeedInPool(task: Omit<FeedTask, "task">) {
  return ingestPool().run({ task: "feed", ...task });
}

/** A fetched body as a feed, or the feed links of the page it is, off the event loop. */
export function ingestPageInPool(task: Omit<PageTask, "task">) {
  return ingestPool().run({ task: "page", ...task });
}

/** The readable article of a fetched page, off the event loop. */
export function readableInPool(task: Omit<ReadableTask, "task">) {
  return ingestPool().run({ task: "readable", ...task });
}

/** The extractive summary of an entry's HTML, off the event loop. */
export function summarizeInPool(task: Omit<SummaryTask, "task">) {
  return ingestPool().run({ task: "summary", ...task });
}
