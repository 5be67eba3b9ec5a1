import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchResults } from "../../contract/api/search.ts";
import type { ApiFetch } from "../api/client.ts";
import { FetchError } from "../api/fetch-error.ts";
import type { Engine } from "../db/engine.ts";
import { openMemoryDatabase } from "../db/node.ts";
import { runSearch } from "./search.ts";

const serverAnswer: SearchResults = { mode: "server", entries: [], feeds: [], hasMore: false };

/** An API whose search call answers, fails without a response, or refuses the query. */
function apiThat(outcome: "answers" | "unreachable" | "refuses"): ApiFetch {
  const call = async () => {
    if (outcome === "answers") return { code: 0, data: serverAnswer };
    throw new FetchError({
      method: "POST",
      url: "/api/search",
      status: outcome === "unreachable" ? null : 400,
      data:
        outcome === "refuses"
          ? { code: 1002, message: "Invalid parameter", reason: "bad" }
          : undefined,
    });
  };
  return { call } as unknown as ApiFetch;
}

describe("which index answers a search", () => {
  let db: Engine;
  beforeAll(async () => {
    db = await openMemoryDatabase();
    await db.execute("INSERT INTO feeds (id, url, title) VALUES ('f', 'https://x/feed', 'X')");
    await db.execute(
      "INSERT INTO subscriptions (id, feed_id, user_id, view, is_private, type) VALUES ('feed/f', 'f', 'u', 0, 0, 'feed')",
    );
    await db.execute(
      "INSERT INTO entries (id, feed_id, guid, title, inserted_at, published_at) VALUES ('e', 'f', 'g', 'Quokka news', '2026-01-01', '2026-01-01')",
    );
  });
  afterAll(() => db.close());

  const request = { keyword: "quokka" };

  it("asks the server while online", async () => {
    const answer = await runSearch({ api: apiThat("answers"), db, online: true }, request, "auto");
    expect(answer).toEqual({ results: serverAnswer, fellBack: false });
  });

  it("answers locally offline, or when the server cannot be reached", async () => {
    for (const [api, online] of [
      [apiThat("answers"), false],
      [apiThat("unreachable"), true],
    ] as const) {
      const answer = await runSearch({ api, db, online }, request, "auto");
      expect(answer.fellBack).toBe(true);
      expect(answer.results.mode).toBe("local");
      expect(answer.results.entries.map((hit) => hit.entries.id)).toEqual(["e"]);
    }
  });

  it("keeps a refusal, and the mode the user chose", async () => {
    await expect(
      runSearch({ api: apiThat("refuses"), db, online: true }, request, "auto"),
    ).rejects.toMatchObject({ code: 1002, reason: "bad" });
    await expect(
      runSearch({ api: apiThat("unreachable"), db, online: true }, request, "server"),
    ).rejects.toBeInstanceOf(FetchError);
    const local = await runSearch({ api: apiThat("answers"), db, online: true }, request, "local");
    expect(local).toMatchObject({ fellBack: false, results: { mode: "local" } });
  });
});
