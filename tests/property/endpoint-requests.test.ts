import { Exit, Schema } from "effect";
import { describe, expect, it } from "vitest";
import { listEndpoints } from "../../contract/api/index.ts";
import { requestShape } from "../support/endpoint-requests.ts";

/**
 * The generated suites (cross-user, fuzz) build their requests from each endpoint's Schemas.
 * If that stopped producing requests the Schemas accept, those suites would quietly test only
 * validation; this keeps the smallest request of every endpoint valid.
 */
describe("requests built from the endpoint table", () => {
  const decodes = (schema: Schema.Codec<unknown, unknown>, value: unknown) =>
    Exit.isSuccess(Schema.decodeUnknownExit(schema)(value));

  it("builds, for every endpoint, a smallest request and path its Schemas accept", () => {
    const refused: string[] = [];
    for (const { name, endpoint } of listEndpoints()) {
      const shape = requestShape(endpoint);
      if (!decodes(endpoint.request, shape.request)) refused.push(`${name} request`);
      if (endpoint.params && !decodes(endpoint.params, shape.params)) {
        refused.push(`${name} params`);
      }
    }
    expect(refused).toEqual([]);
  });

  it("lists the fields an endpoint takes, nested ones by their path", () => {
    const byName = new Map(listEndpoints().map(({ name, endpoint }) => [name, endpoint]));
    const paths = (name: string) =>
      requestShape(byName.get(name)!).fields.map((field) => field.path.join("."));
    expect(paths("lists.addFeeds")).toEqual(["listId", "feedId", "feedIds"]);
    expect(paths("subscriptions.importOpml")).toContain("items.0.url");
    expect(paths("entries.readHistories")).toContain("id");
  });
});
