import { describe, expect, it } from "vitest";
import type { Fetcher, FetchResult } from "../ingest/guarded-fetch.ts";
import { CATALOGUE_TTL_MS, createRouteCatalogue, parseCatalogue } from "./route-catalogue.ts";

const listing = {
  github: {
    name: "GitHub",
    url: "github.com",
    lang: "en",
    routes: {
      "/issue/:user/:repo": {
        path: "/issue/:user/:repo",
        name: "Repo Issues",
        example: "/github/issue/a/b",
        categories: ["programming"],
        parameters: {
          user: "GitHub username",
          repo: { description: "repo", options: [{ value: 1 }] },
        },
        maintainers: ["someone"],
        location: "issue.ts",
      },
    },
  },
};

function fakeFetcher(answers: Array<() => Partial<FetchResult>>) {
  const calls: string[] = [];
  const fetcher = {
    async fetch(url: string) {
      calls.push(url);
      const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!();
      return { status: 200, url, headers: {}, body: Buffer.from(""), ...answer } as FetchResult;
    },
  } as unknown as Fetcher;
  return { fetcher, calls };
}

const json = (value: unknown) => () => ({ body: Buffer.from(JSON.stringify(value)) });

describe("route catalogue", () => {
  it("reads /api/namespace once an hour", async () => {
    let now = 0;
    const { fetcher, calls } = fakeFetcher([json(listing)]);
    const catalogue = createRouteCatalogue("http://rsshub.test/", fetcher, () => now);
    expect(catalogue.instance).toBe("http://rsshub.test");
    await catalogue.load();
    now = CATALOGUE_TTL_MS - 1;
    await catalogue.load();
    expect(calls).toEqual(["http://rsshub.test/api/namespace"]);
    now = CATALOGUE_TTL_MS;
    await catalogue.load();
    expect(calls).toHaveLength(2);
  });

  it("answers 13007 when the instance cannot be read, and tries again a minute later", async () => {
    let now = 0;
    const { fetcher, calls } = fakeFetcher([
      () => ({ status: 502 }),
      () => ({ body: Buffer.from("<html>not json") }),
      json(listing),
    ]);
    const catalogue = createRouteCatalogue("http://rsshub.test", fetcher, () => now);
    expect(catalogue.status()).toBeNull();
    await expect(catalogue.load()).rejects.toMatchObject({ code: 13007 });
    await expect(catalogue.load()).rejects.toMatchObject({ code: 13007 });
    expect(calls).toHaveLength(1);
    expect(catalogue.status()).toMatchObject({ error: expect.stringContaining("HTTP 502") });
    now = 60_000;
    await expect(catalogue.load()).rejects.toMatchObject({ code: 13007 });
    now = 120_000;
    expect(Object.keys(await catalogue.load())).toEqual(["github"]);
    expect(catalogue.status()).toMatchObject({
      error: null,
      checkedAt: new Date(120_000).toISOString(),
    });
  });

  it("is empty without an instance, and fetches nothing", async () => {
    const { fetcher, calls } = fakeFetcher([json(listing)]);
    const catalogue = createRouteCatalogue(undefined, fetcher);
    expect(catalogue.instance).toBeNull();
    expect(await catalogue.load()).toEqual({});
    expect(calls).toEqual([]);
  });

  it("keeps only what has the documented shape", () => {
    const parsed = parseCatalogue({
      ...listing,
      "bad id!": { routes: {} },
      broken: { routes: "none" },
      partial: {
        routes: { nopath: { name: 5 }, "/ok": { parameters: { "a b": "x", c: 3 }, view: 99 } },
      },
    });
    expect(Object.keys(parsed).sort()).toEqual(["github", "partial"]);
    expect(parsed.github!.routes["/issue/:user/:repo"]!.parameters).toEqual({
      user: { description: "GitHub username" },
      repo: { description: "repo", options: [{ value: "1", label: "1" }] },
    });
    expect(parsed.partial!.routes).toEqual({
      "/ok": {
        path: "/ok",
        name: "/ok",
        example: "",
        description: "",
        categories: [],
        parameters: {},
        maintainers: [],
        location: "",
      },
    });
    expect(parseCatalogue([1, 2])).toEqual({});
  });
});
