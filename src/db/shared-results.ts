import { type Observable, Subject } from "rxjs";
import type { Row } from "./types.ts";

/**
 * Live query results passed between the tabs of one profile. Every tab re-runs its live
 * queries after any tab's commit, and on OPFS the tabs take turns on the file, so the other
 * tabs used to show a change a few query rounds after the tab that made it. The committing
 * tab's results (same SQL, same parameters, same file) are posted to the others, which show
 * them at once; their own re-runs still follow and confirm.
 *
 * A result is tagged with the commit its run followed: a tab takes it only when that is the
 * latest commit it heard of for the query, so it is never older than what the tab knows.
 */
export interface ResultSharing {
  /** Which commit a `changes$` emission announced, and whether this tab made it. */
  commitOf(changed: ReadonlySet<string>): CommitNote | undefined;
  /** Offers a committing tab's result to the other tabs. */
  publish(key: string, commit: string, rows: readonly Row[]): void;
  /** Results the other tabs published. */
  readonly results$: Observable<SharedResult>;
}

export interface CommitNote {
  id: string;
  own: boolean;
}

export interface SharedResult {
  key: string;
  commit: string;
  rows: Row[];
}

/** Results bigger than this are not posted: the other tabs run the query themselves. */
export const MAX_SHARED_ROWS = 200;

/** Where each tab posts the results of its live queries after its own commits. */
export const RESULTS_CHANNEL = "follow-db-results";

/**
 * A commit id rides in the changes message as one more "table" with this prefix, so that
 * tabs of an older build (mid-upgrade) read it as a table nobody watches.
 */
const COMMIT_PREFIX = "#commit:";

export function tagCommit(tables: readonly string[], id: string): string[] {
  return [...tables, `${COMMIT_PREFIX}${id}`];
}

/** Splits a changes message into its tables and its commit id (none from older builds). */
export function readCommit(tables: readonly string[]): { tables: string[]; id?: string } {
  const tag = tables.find((table) => table.startsWith(COMMIT_PREFIX));
  return tag
    ? { tables: tables.filter((table) => table !== tag), id: tag.slice(COMMIT_PREFIX.length) }
    : { tables: [...tables] };
}

/** The browser side: the notes of this tab's changes, and the channel to the other tabs. */
export function createResultSharing(): ResultSharing & {
  /** Records which commit a set about to be emitted on `changes$` stands for. */
  note(changed: ReadonlySet<string>, commit: CommitNote): void;
  close(): void;
} {
  const notes = new WeakMap<ReadonlySet<string>, CommitNote>();
  const results$ = new Subject<SharedResult>();
  const channel =
    typeof BroadcastChannel === "undefined" ? undefined : new BroadcastChannel(RESULTS_CHANNEL);
  if (channel) {
    channel.onmessage = (event: MessageEvent<SharedResult>) => {
      const { key, commit, rows } = event.data ?? {};
      if (typeof key === "string" && typeof commit === "string" && Array.isArray(rows)) {
        results$.next({ key, commit, rows });
      }
    };
  }
  return {
    commitOf: (changed) => notes.get(changed),
    note: (changed, commit) => notes.set(changed, commit),
    publish(key, commit, rows) {
      if (rows.length <= MAX_SHARED_ROWS) channel?.postMessage({ key, commit, rows });
    },
    results$: results$.asObservable(),
    close() {
      channel?.close();
      results$.complete();
    },
  };
}

/** The key two tabs' identical queries share. */
export function resultKey(sql: string, params: readonly unknown[]): string {
  return `${sql}\u0000${JSON.stringify(params)}`;
}

/** A database that passes results between tabs (the browser's; Node's has none). */
export function sharingOf(db: object): ResultSharing | undefined {
  return (db as { sharing?: ResultSharing }).sharing;
}
