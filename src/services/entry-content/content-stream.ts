import { endpoints } from "../../../contract/api/index.ts";
import type { ApiFetch } from "../../api/client.ts";
import { storeContents } from "../../db/entry-cache.ts";
import type { LocalDatabase } from "../../db/types.ts";

/** Content streams are fetched at most once per second. */
const STREAM_THROTTLE_MS = 1000;

interface Target {
  api: ApiFetch;
  db: LocalDatabase;
}

/**
 * Entries that came in list form (no content) get theirs from the entries stream. Requests
 * within a second are batched into one call; calls are at least a second apart. The content is
 * written to the local store, where the entry's live query picks it up.
 */
export function createContentStream(target: Target, now: () => number = Date.now) {
  const waiting = new Map<string, (() => void)[]>();
  // Asked for and answered (with content or without): not asked again this session.
  const answered = new Set<string>();
  let lastCall = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> = Promise.resolve();

  async function send() {
    timer = undefined;
    const ids = [...waiting.keys()].slice(0, 100);
    const settled = ids.flatMap((id) => waiting.get(id) ?? []);
    for (const id of ids) waiting.delete(id);
    if (ids.length === 0) return;
    lastCall = now();
    try {
      const lines = await target.api.call(endpoints.entries.stream, { ids }, { silent: true });
      const found = lines.flatMap(({ id, content }) => (content === null ? [] : [{ id, content }]));
      await storeContents(target.db, found);
      for (const id of ids) answered.add(id);
    } catch {
      // Offline or refused: the pane shows the description; opening it again retries.
    }
    for (const done of settled) done();
    if (waiting.size > 0) schedule();
  }

  function schedule() {
    if (timer) return;
    const wait = Math.max(0, lastCall + STREAM_THROTTLE_MS - now());
    timer = setTimeout(() => {
      inFlight = inFlight.then(send);
    }, wait);
  }

  return {
    /** Resolves once the call that carried `id` is over (whatever it brought). */
    request(id: string): Promise<void> {
      if (answered.has(id)) return Promise.resolve();
      return new Promise((resolve) => {
        waiting.set(id, [...(waiting.get(id) ?? []), resolve]);
        schedule();
      });
    },
    /** The server already answered for `id` (its content, if any, is stored). */
    answered: (id: string) => answered.has(id),
    dispose() {
      clearTimeout(timer);
      for (const done of [...waiting.values()].flat()) done();
      waiting.clear();
    },
  };
}

export type ContentStream = ReturnType<typeof createContentStream>;
