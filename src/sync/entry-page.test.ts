import { describe, expect, it } from "vitest";
import { ENTRIES_MAX_TIED_ROWS } from "../../contract/constants.ts";
import { type Keyset, readWholePage } from "./entry-page.ts";

interface Item {
  entries: { id: string; publishedAt: string };
}

/**
 * A server timeline as POST /entries pages it, newest first: `limit` rows past the cursor, grown
 * by the rows tied with the last one up to ENTRIES_MAX_TIED_ROWS.
 */
function serverOf(items: Item[], limit: number) {
  const requests: Array<Keyset | undefined> = [];
  const newestFirst = [...items].sort(
    (a, b) =>
      b.entries.publishedAt.localeCompare(a.entries.publishedAt) ||
      b.entries.id.localeCompare(a.entries.id),
  );
  const fetchPage = async (keyset?: Keyset) => {
    requests.push(keyset);
    const after = keyset
      ? newestFirst.filter(
          ({ entries: e }) =>
            e.publishedAt < keyset.publishedAfter ||
            (e.publishedAt === keyset.publishedAfter && e.id < keyset.publishedAfterId),
        )
      : newestFirst;
    const page = after.slice(0, limit);
    const last = page.at(-1);
    if (
      after.length > limit &&
      last &&
      after[limit]!.entries.publishedAt === last.entries.publishedAt
    ) {
      const tied = after
        .slice(limit)
        .filter((item) => item.entries.publishedAt === last.entries.publishedAt);
      page.push(...tied.slice(0, ENTRIES_MAX_TIED_ROWS));
    }
    return page;
  };
  return { fetchPage, requests };
}

const item = (id: number, publishedAt: string): Item => ({
  entries: { id: String(id).padStart(6, "0"), publishedAt },
});

describe("reading a page of entries whole", () => {
  it("takes a page the server ended at a publish time as it is, in one request", async () => {
    const items = Array.from({ length: 30 }, (_, i) =>
      item(i, `2026-01-01T00:00:${String(i).padStart(2, "0")}Z`),
    );
    const { fetchPage, requests } = serverOf(items, 10);
    const page = await readWholePage(10, fetchPage);
    expect(page).toHaveLength(10);
    expect(requests).toEqual([undefined]);
  });

  it("reads a run longer than a page grows by to its end, without a repeat", async () => {
    const run = ENTRIES_MAX_TIED_ROWS * 2 + 15;
    const items = [
      ...Array.from({ length: run }, (_, i) => item(i, "2026-01-02T00:00:00Z")),
      ...Array.from({ length: 5 }, (_, i) => item(run + i, "2026-01-01T00:00:00Z")),
    ];
    const { fetchPage, requests } = serverOf(items, 10);
    const page = await readWholePage(10, fetchPage);
    const ids = page.map((entry) => entry.entries.id);
    expect(new Set(ids).size).toBe(ids.length);
    // The whole run is on the page; what follows it starts strictly before its time.
    expect(
      page.filter((entry) => entry.entries.publishedAt === "2026-01-02T00:00:00Z"),
    ).toHaveLength(run);
    expect(requests.length).toBeGreaterThan(1);
    expect(
      requests.slice(1).every((keyset) => keyset?.publishedAfter === "2026-01-02T00:00:00Z"),
    ).toBe(true);
  });
});
