import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listEndpoints } from "../../contract/api/index.ts";
import { createApp } from "../app.ts";
import { createAuth } from "../auth.ts";
import { loadConfig } from "../config.ts";
import { connectDatabase, type DatabaseHandle } from "../db/connect.ts";
import { createFetcher } from "../ingest/guarded-fetch.ts";
import { createLogger } from "../logger.ts";
import { composeServices } from "../services/index.ts";

/**
 * No drift between the endpoint table (contract/api) and the server: every route a router
 * registers with a method is an endpoint of the table, and every endpoint of the table is
 * registered where its path says and answered by its handler (not by the API's 404).
 */
let dataDir: string;
let database: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let base: string;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), "follow-table-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    AUTH_SECRET: "test-secret-test-secret-test-secret-1234",
    CLIENT_DIST_DIR: join(dataDir, "no-client"),
  });
  const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
  const logger = createLogger(config, quiet);
  database = connectDatabase(config);
  const auth = createAuth({
    config,
    database,
    logger,
    baseUrl: "http://127.0.0.1",
    secret: config.authSecret!,
  });
  const services = composeServices({
    config,
    database,
    logger,
    fetcher: createFetcher(),
    secret: config.authSecret!,
  });
  app = createApp({ config, database, auth, logger, services });
  base = config.apiBasePath;
});

afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const table = listEndpoints();
/**
 * Doors that speak other products' protocols (their paths, auth and answers are those clients'
 * own), mounted under the API base but not endpoints of the table.
 */
const FOREIGN_PROTOCOLS = ["/greader/"];
const key = (method: string, path: string) => `${method} ${path}`;

describe("endpoint table and server routes", () => {
  it("declares each method and path once", () => {
    const keys = table.map(({ endpoint }) => key(endpoint.method, endpoint.path));
    expect(new Set(keys).size).toBe(keys.length);
    expect(table.length).toBeGreaterThan(25);
  });

  it("registers exactly the table's endpoints (routes with a method, under the API base)", () => {
    const registered = new Set(
      app.routes
        .filter((route) => route.method !== "ALL" && route.path.startsWith(`${base}/`))
        .filter((route) => !FOREIGN_PROTOCOLS.some((door) => route.path.startsWith(base + door)))
        .map((route) => key(route.method, route.path.slice(base.length))),
    );
    const declared = new Set(table.map(({ endpoint }) => key(endpoint.method, endpoint.path)));
    expect([...registered].filter((route) => !declared.has(route))).toEqual([]);
    expect([...declared].filter((route) => !registered.has(route))).toEqual([]);
  });

  it.each(table.map(({ name, endpoint }) => [name, endpoint] as const))(
    "%s reaches its handler",
    async (_name, endpoint) => {
      const path = endpoint.path.replace(/:[A-Za-z]+/g, "1234567890123");
      const response = await app.request(`${base}${path}`, {
        method: endpoint.method,
        headers: { "content-type": "application/json" },
        ...(endpoint.method === "GET" ? {} : { body: "{}" }),
      });
      const body = (await response.json().catch(() => ({}))) as { reason?: unknown };
      expect(String(body.reason ?? "")).not.toMatch(/^No such endpoint/);
    },
  );
});
