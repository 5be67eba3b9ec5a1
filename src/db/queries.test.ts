import { firstValueFrom, Observable, Subject } from "rxjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openMemoryDatabase } from "./node.ts";
import { createObservableStore } from "./observable-store.ts";
import { liveQuery } from "./queries.ts";
import type { LocalDatabase } from "./types.ts";

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

function feedCount(db: LocalDatabase) {
  let runs = 0;
  const values: number[] = [];
  const query = liveQuery(db, ["feeds"], async () => {
    runs++;
    const [row] = await db.query<{ n: number }>("SELECT count(*) AS n FROM feeds");
    return row?.n ?? -1;
  });
  const subscription = query.subscribe((value) => values.push(value));
  return { values, runs: () => runs, subscription };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("liveQuery", () => {
  it("emits the first result, then again after a write to a table it reads", async () => {
    const db = await openMemoryDatabase();
    const watch = feedCount(db);
    await settle();
    expect(watch.values).toEqual([0]);
    await db.execute("INSERT INTO feeds (id, url) VALUES ('f1', 'https://a')");
    await settle();
    expect(watch.values).toEqual([0, 1]);
    await db.transaction(["feeds"], async (tx) => {
      await tx.execute("INSERT INTO feeds (id, url) VALUES ('f2', 'https://b')");
    });
    await settle();
    expect(watch.values).toEqual([0, 1, 2]);
    watch.subscription.unsubscribe();
    await db.close();
  });

  it("does not run again for a write to another table", async () => {
    const db = await openMemoryDatabase();
    const watch = feedCount(db);
    await settle();
    await db.execute(
      "INSERT INTO entries (id, guid, inserted_at, published_at) VALUES ('e', 'g', '', '')",
    );
    await db.transaction(["unread"], async (tx) => {
      await tx.execute("INSERT INTO unread (subscription_id, count) VALUES ('feed/1', 3)");
    });
    await settle();
    expect(watch.runs()).toBe(1);
    expect(watch.values).toEqual([0]);
    watch.subscription.unsubscribe();
    await db.close();
  });

  it("does not emit an equal result again", async () => {
    const db = await openMemoryDatabase();
    const watch = feedCount(db);
    await settle();
    await db.execute("UPDATE feeds SET title = 'x'");
    await db.execute("INSERT INTO feeds (id, url) VALUES ('f1', 'https://a')");
    await db.execute("UPDATE feeds SET title = 'y'");
    await settle();
    expect(watch.runs()).toBe(3);
    expect(watch.values).toEqual([0, 1]);
    watch.subscription.unsubscribe();
    await db.close();
  });

  it("coalesces a burst of writes into one more run", async () => {
    const db = await openMemoryDatabase();
    const watch = feedCount(db);
    await settle();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db.execute("INSERT INTO feeds (id, url) VALUES (?, 'https://a')", [`f${i}`]),
      ),
    );
    await settle();
    expect(watch.values.at(-1)).toBe(20);
    expect(watch.runs()).toBeLessThan(21);
    watch.subscription.unsubscribe();
    await db.close();
  });

  it("stops listening when unsubscribed and completes when the database closes", async () => {
    const changes$ = new Subject<ReadonlySet<string>>();
    const run = vi.fn(async () => "value");
    const query = liveQuery({ changes$ }, ["FEEDS"], run);
    expect(await firstValueFrom(query)).toBe("value");
    changes$.next(new Set(["feeds"]));
    expect(run).toHaveBeenCalledTimes(1);

    let completed = false;
    query.subscribe({ complete: () => (completed = true) });
    changes$.complete();
    expect(completed).toBe(true);
  });

  it("logs a failing run and keeps the last result", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const changes$ = new Subject<ReadonlySet<string>>();
    let fail = false;
    const values: string[] = [];
    liveQuery({ changes$ }, ["feeds"], async () => {
      if (fail) throw new Error("boom");
      return "ok";
    }).subscribe((value) => values.push(value));
    await settle();
    fail = true;
    changes$.next(new Set(["feeds"]));
    await settle();
    expect(values).toEqual(["ok"]);
    expect(error).toHaveBeenCalledWith("Live query failed", expect.any(Error));
  });
});

describe("createObservableStore (useLiveQuery's store)", () => {
  it("shares one subscription among listeners and keeps the latest value", () => {
    const source = new Subject<number>();
    let opened = 0;
    let closed = 0;
    const store = createObservableStore(
      new Observable<number>((subscriber) => {
        opened++;
        const inner = source.subscribe(subscriber);
        return () => {
          closed++;
          inner.unsubscribe();
        };
      }),
    );
    expect(store.getSnapshot()).toBeUndefined();
    const a = vi.fn();
    const b = vi.fn();
    const offA = store.subscribe(a);
    const offB = store.subscribe(b);
    expect(opened).toBe(1);
    source.next(1);
    expect(store.getSnapshot()).toBe(1);
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([1, 1]);
    offA();
    source.next(2);
    expect(a).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toBe(2);
    offB();
    expect(closed).toBe(1);
    source.next(3);
    expect(store.getSnapshot()).toBe(2);
  });
});
