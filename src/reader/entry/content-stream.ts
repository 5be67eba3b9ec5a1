import type { ApiFetch } from "../../api/client.ts";
import type { LocalDatabase } from "../../db/types.ts";
import { storeContents } from "./entry-cache.ts";

/** SPEC §9: content streams are fetched at most once per second. */
export const STREAM_THROTTLE_MS = 1000;

interface Target {
  api: ApiFetch;
  db: LocalDatabase;
}

/** Reads the NDJSON answer of POST /entries/stream: one {id, content} per line. */
export function parseContentStream(text: string): { id: string; content: string }[] {
  return text.split("\n").flatMap((line) => {
    if (!line.trim()) return [];
    try {
      const value = JSON.parse(line) as { id?: unknown; content?: unknown };
      return typeof value.id === "string" && typeof value.content === "string"
        ? [{ id: value.id, content: value.content }]
        : [];
    } catch {
      return [];
    }
  });
}

/**
 * Entries that came in list form (no content) get theirs from POST /entries/stream. Requests
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
      const text = await target.api<string, "text">("/entries/stream", {
        method: "POST",
        body: { ids },
        responseType: "text",
        silent: true,
      });
      await storeContents(target.db, parseContentStream(text));
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
