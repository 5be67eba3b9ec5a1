import { parentPort } from "node:worker_threads";
import { ENTRY_BATCH, resultFeed, type Task } from "./protocol.ts";
import { runTask } from "./tasks.ts";
import { toWire } from "./wire.ts";

/**
 * An ingestion worker thread: runs one task at a time for the pool (pool.ts). A result's
 * entries go first, in batches, then the rest of the result with an empty entry list.
 */
interface Request {
  id: number;
  task: Task;
}

parentPort!.on("message", ({ id, task }: Request) => {
  try {
    const value = runTask(task);
    const feed = resultFeed(value);
    if (feed) {
      for (let start = 0; start < feed.entries.length; start += ENTRY_BATCH)
        parentPort!.postMessage({ id, entries: feed.entries.slice(start, start + ENTRY_BATCH) });
      feed.entries = [];
    }
    parentPort!.postMessage({ id, ok: true, value });
  } catch (error) {
    parentPort!.postMessage({ id, ok: false, error: toWire(error) });
  }
});
