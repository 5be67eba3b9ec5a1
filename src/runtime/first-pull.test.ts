import { describe, expect, it } from "vitest";
import type { EndpointInfo } from "../../contract/api/info.ts";
import type { CallOptions } from "../api/call.ts";
import type { ApiFetch } from "../api/client.ts";
import { FetchError } from "../api/fetch-error.ts";
import { openMemoryDatabase } from "../db/node.ts";
import { createConnectivity, manualOnlineSource } from "../sync/connectivity.ts";
import { pullFirst } from "./first-pull.ts";

/** A server with nothing in it; each answer's check (after the paint) ends as `check` says. */
function emptyServer(check: (name: string) => Promise<void>) {
  const names: string[] = [];
  const call = async (endpoint: EndpointInfo, _input: unknown, options?: CallOptions) => {
    names.push(endpoint.name);
    if (!options?.checkLater) throw new Error(`${endpoint.name} called without checkLater`);
    options.checkLater(check(endpoint.name));
    return endpoint.name === "reads.unread" ? { code: 0, data: {} } : { code: 0, data: [] };
  };
  return { api: { call } as unknown as ApiFetch, names };
}

async function pull(api: ApiFetch) {
  const db = await openMemoryDatabase();
  const connectivity = createConnectivity(manualOnlineSource(true));
  const signal = new AbortController().signal;
  return pullFirst({ db, api, connectivity, userId: "u1", signal });
}

describe("the first pull, before Effect has loaded", () => {
  it("takes every answer before it is decoded, and has pulled once all of them were", async () => {
    const server = emptyServer(async () => undefined);
    expect(await pull(server.api)).toEqual(expect.any(Number));
    expect(server.names.sort()).toEqual([
      "entries.list",
      "entries.list",
      "highlights.list",
      "lists.list",
      "readingPositions.list",
      "reads.unread",
      "savedSearches.list",
      "subscriptions.list",
      "tags.list",
    ]);
  });

  it("counts as failed when an answer is found not to match the API (the engine pulls again)", async () => {
    const mismatch = new FetchError({ method: "GET", url: "/reads", status: 200, data: {} });
    const server = emptyServer(async (name) => {
      if (name === "reads.unread") throw mismatch;
    });
    expect(await pull(server.api)).toBeUndefined();
  });
});
