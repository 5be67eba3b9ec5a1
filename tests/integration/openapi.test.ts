import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listEndpoints } from "../../contract/api/index.ts";
import { TestClient } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

/** The document and its reference page as a user's server serves them, without a session. */
describe("GET /api/openapi.json and /api/docs", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite");
  });
  afterAll(async () => {
    await server.close();
  });

  it("serves the generated document to anyone", async () => {
    const answer = await new TestClient(server.localUrl).request("GET", "/api/openapi.json");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/application\/json/);
    expect(answer.body.openapi).toBe("3.1.0");
    const ids = Object.values(answer.body.paths as Record<string, object>).flatMap((item) =>
      Object.values(item).map((op: { operationId: string }) => op.operationId),
    );
    expect(ids.sort()).toEqual(
      listEndpoints()
        .map(({ name }) => name)
        .sort(),
    );
  });

  it("serves a readable HTML reference with nothing loaded from elsewhere", async () => {
    const answer = await new TestClient(server.localUrl).request("GET", "/api/docs");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/text\/html/);
    expect(answer.text).toContain("entries.list");
    expect(answer.text).not.toMatch(/<script|<link[^>]+https?:/i);
  });
});
