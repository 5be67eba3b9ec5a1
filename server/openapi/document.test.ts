import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { listEndpoints } from "../../contract/api/index.ts";
import { openApiDocument } from "./document.ts";
import { referencePage } from "./reference-page.ts";

type Json = Record<string, any>;
const document = openApiDocument({
  basePath: "/api",
  publicUrl: "https://reader.example/",
}) as Json;
const operationOf = (method: string, path: string) =>
  document.paths[path.replace(/:([A-Za-z0-9_]+)/g, "{$1}")]?.[method.toLowerCase()] as
    | Json
    | undefined;

describe("OpenAPI document generated from the endpoint table", () => {
  it("validates as OpenAPI 3.1", async () => {
    expect(document.openapi).toBe("3.1.0");
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("holds every endpoint of the table, under its method and path, by name", () => {
    const table = listEndpoints();
    const missing = table.filter(
      ({ name, endpoint }) => operationOf(endpoint.method, endpoint.path)?.operationId !== name,
    );
    expect(missing.map(({ name }) => name)).toEqual([]);
    const operations = Object.values(document.paths as Record<string, Json>).flatMap((item) =>
      Object.values(item),
    );
    expect(operations).toHaveLength(table.length);
  });

  it("turns a GET's request into query parameters and path segments into path parameters", () => {
    const get = operationOf("GET", "/entries")!;
    expect(get.requestBody).toBeUndefined();
    expect(get.parameters).toContainEqual(
      expect.objectContaining({ name: "id", in: "query", required: true }),
    );
    const withParams = listEndpoints().find(({ endpoint }) => endpoint.path.includes("/:"))!;
    const op = operationOf(withParams.endpoint.method, withParams.endpoint.path)!;
    const pathParams = (op.parameters as Json[]).filter((p) => p.in === "path");
    expect(pathParams.length).toBeGreaterThan(0);
    expect(pathParams.every((p) => p.required === true)).toBe(true);
  });

  it("sends other requests as JSON bodies and describes errors with the catalogue's body", () => {
    const post = operationOf("POST", "/entries")!;
    expect(post.requestBody.content["application/json"].schema.type).toBe("object");
    expect(post.responses.default).toEqual({ $ref: "#/components/responses/Error" });
    expect(document.components.schemas.ErrorBody.required).toEqual(
      expect.arrayContaining(["code", "message"]),
    );
    expect(document.servers[0].url).toBe("https://reader.example/api");
  });

  it("describes NDJSON and event-stream answers as such", () => {
    const ndjson = operationOf("POST", "/entries/stream")!.responses["200"].content;
    expect(Object.keys(ndjson)).toEqual(["application/x-ndjson"]);
    expect(ndjson["application/x-ndjson"]["x-item-schema"]).toBeTypeOf("object");
    const sse = operationOf("GET", "/sync/stream")!.responses["200"].content;
    expect(Object.keys(sse)).toEqual(["text/event-stream"]);
  });

  it("renders a reference page with every operation and escaped text", () => {
    const page = referencePage(document, "/api/openapi.json");
    for (const { name } of listEndpoints()) expect(page).toContain(`id="${name}"`);
    expect(page).not.toMatch(/<script|https?:\/\/(?!reader\.example)[a-z]/i);
    expect(page).toContain('href="/api/openapi.json"');
  });
});
