import { Subject } from "rxjs";
import { afterEach, describe, expect, it } from "vitest";
import type { Select } from "./local-sql.ts";
import { liveSelect } from "./queries.ts";
import {
  createResultSharing,
  MAX_SHARED_ROWS,
  RESULTS_CHANNEL,
  readCommit,
  resultKey,
  type SharedResult,
  tagCommit,
} from "./shared-results.ts";
import type { Row } from "./types.ts";

const starred: Select<{ n: number }> = {
  sql: "select count(*) as n from collections where view = ?",
  params: [0],
  reads: ["collections"],
};

/** One file for every tab: what a query returns once it reaches it. */
let file = { n: 0 };

/**
 * A tab: its own changes$ and sharing (the real BroadcastChannel), and queries that answer
 * when the test says so (`hold`), as a tab waiting for its turn on the file does.
 */
function tab() {
  const changes$ = new Subject<ReadonlySet<string>>();
  const sharing = createResultSharing();
  const held: Array<() => void> = [];
  let holding = false;
  const values: number[] = [];
  const db = {
    changes$: changes$.asObservable(),
    sharing,
    async query<T>(): Promise<T[]> {
      // The state is read when the query reaches the file, not when it is answered.
      const rows = [{ ...file }] as T[];
      if (holding) await new Promise<void>((resolve) => held.push(resolve));
      return rows;
    },
  };
  const subscription = liveSelect(db as never, starred, ([row]) => row?.n ?? -1).subscribe(
    (value) => values.push(value),
  );
  return {
    values,
    sharing,
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const resolve of held.splice(0)) resolve();
    },
    /** Hears a commit, as the worker announces it. */
    hear(id: string, own: boolean, tables = ["collections"]) {
      const changed = new Set(tables);
      sharing.note(changed, { id, own });
      changes$.next(changed);
    },
    close() {
      subscription.unsubscribe();
      sharing.close();
    },
  };
}

const tabs: Array<ReturnType<typeof tab>> = [];
function open() {
  const opened = tab();
  tabs.push(opened);
  return opened;
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

afterEach(() => {
  for (const opened of tabs.splice(0)) opened.close();
  file = { n: 0 };
});

describe("live query results shared between tabs", () => {
  it("another tab shows the committing tab's rows before its own query reaches the file", async () => {
    const a = open();
    const b = open();
    await until(() => a.values.length === 1 && b.values.length === 1);
    b.hold();
    file = { n: 1 };
    a.hear("a.1", true);
    b.hear("a.1", false);
    await until(() => b.values.at(-1) === 1);
    expect(a.values).toEqual([0, 1]);
    expect(b.values).toEqual([0, 1]);
    b.release();
    await settle();
    expect(b.values).toEqual([0, 1]);
  });

  it("a run that began before the commit does not put the older rows back", async () => {
    const a = open();
    const b = open();
    await until(() => b.values.length === 1);
    // B's run starts on an unrelated nudge of the same table and waits for the file.
    b.hold();
    b.hear("x.0", false);
    await settle();
    file = { n: 1 };
    a.hear("a.1", true);
    b.hear("a.1", false);
    await until(() => b.values.at(-1) === 1);
    b.release();
    await settle();
    // The held run read n = 0 before the commit: never shown after the 1.
    expect(b.values).toEqual([0, 1]);
  });

  it("rows that follow an older commit than the latest one heard are not taken", async () => {
    const b = open();
    await until(() => b.values.length === 1);
    b.hold();
    b.hear("a.1", false);
    b.hear("c.2", false);
    const post = new BroadcastChannel(RESULTS_CHANNEL);
    post.postMessage({
      key: resultKey(starred.sql, starred.params),
      commit: "a.1",
      rows: [{ n: 7 }],
    });
    await settle();
    post.close();
    expect(b.values).toEqual([0]);
    file = { n: 2 };
    b.release();
    await until(() => b.values.at(-1) === 2);
    expect(b.values).not.toContain(7);
  });

  it("rows that come before the commit is heard are shown when it is", async () => {
    const b = open();
    await until(() => b.values.length === 1);
    b.hold();
    const post = new BroadcastChannel(RESULTS_CHANNEL);
    post.postMessage({
      key: resultKey(starred.sql, starred.params),
      commit: "a.1",
      rows: [{ n: 1 }],
    });
    await settle();
    post.close();
    expect(b.values).toEqual([0]);
    b.hear("a.1", false);
    expect(b.values).toEqual([0, 1]);
  });

  it("only the tab that committed posts, and only results of bounded size", async () => {
    const seen: SharedResult[] = [];
    const listen = new BroadcastChannel(RESULTS_CHANNEL);
    listen.onmessage = (event: MessageEvent<SharedResult>) => seen.push(event.data);
    const a = open();
    await until(() => a.values.length === 1);
    file = { n: 1 };
    a.hear("b.1", false);
    await until(() => a.values.at(-1) === 1);
    await settle();
    expect(seen).toEqual([]);
    file = { n: 2 };
    a.hear("a.1", true);
    await until(() => seen.length === 1);
    expect(seen[0]).toEqual({
      key: resultKey(starred.sql, starred.params),
      commit: "a.1",
      rows: [{ n: 2 }],
    });
    a.sharing.publish(
      "big",
      "a.2",
      Array.from({ length: MAX_SHARED_ROWS + 1 }, () => ({}) as Row),
    );
    await settle();
    expect(seen.map((result) => result.key)).not.toContain("big");
    listen.close();
  });
});

describe("commit ids in the changes message", () => {
  it("ride as one more table name and come off again", () => {
    const tagged = tagCommit(["entries", "unread"], "tab.3");
    expect(tagged).toHaveLength(3);
    expect(readCommit(tagged)).toEqual({ tables: ["entries", "unread"], id: "tab.3" });
    expect(readCommit(["entries"])).toEqual({ tables: ["entries"] });
  });
});
