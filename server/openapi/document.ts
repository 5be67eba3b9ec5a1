import { Schema } from "effect";
import { type Endpoint, listEndpoints } from "../../contract/api/index.ts";
import { ErrorBodySchema } from "../../contract/error-body.ts";

/**
 * The OpenAPI 3.1 document of the product's own API, derived from the endpoint table
 * (contract/api) so that it cannot drift: every endpoint becomes one operation, its Schemas
 * become JSON Schema (2020-12, which OpenAPI 3.1 speaks natively). A GET's request is its
 * query string, so its fields become query parameters; any other request is a JSON body.
 */
type Json = Record<string, unknown>;

export interface OpenApiOptions {
  /** The API's base path (API_BASE_PATH), prefixed to every path. */
  basePath: string;
  /** The server's public URL when known (PUBLIC_URL); else the document is relative. */
  publicUrl?: string | undefined;
  version?: string;
}

const ERROR_REF = { $ref: "#/components/responses/Error" };

export function openApiDocument(options: OpenApiOptions): Json {
  const components = new Components();
  const paths: Record<string, Json> = {};
  for (const { name, endpoint } of listEndpoints()) {
    const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
    const item = paths[path] ?? {};
    paths[path] = item;
    item[endpoint.method.toLowerCase()] = operation(name, endpoint, components);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Follow API",
      version: options.version ?? "1",
      description:
        "The product's own API, generated from its endpoint table. A session cookie (the web " +
        "app's) or a personal access token (`Authorization: Bearer folo_pat_…`) authenticates. " +
        "Errors answer with a coded body `{code, message, reason}`.",
    },
    servers: [{ url: `${options.publicUrl?.replace(/\/$/, "") ?? ""}${options.basePath}` }],
    paths,
    components: {
      schemas: { ErrorBody: components.add(ErrorBodySchema), ...components.definitions },
      responses: {
        Error: {
          description: "A coded error from the catalogue",
          content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } },
        },
      },
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "better-auth.session_token" },
        bearer: { type: "http", scheme: "bearer", description: "A personal access token" },
      },
    },
    security: [{ session: [] }, { bearer: [] }],
  };
}

function operation(name: string, endpoint: Endpoint, components: Components): Json {
  const [domain] = name.split(".");
  const parameters: Json[] = [];
  if (endpoint.params) {
    parameters.push(...fieldsAsParameters(components.add(endpoint.params), "path"));
  }
  const request = components.add(endpoint.request);
  const op: Json = { operationId: name, tags: [domain], summary: name };
  if (endpoint.method === "GET") parameters.push(...fieldsAsParameters(request, "query"));
  else op.requestBody = { required: true, content: { "application/json": { schema: request } } };
  if (parameters.length > 0) op.parameters = parameters;
  op.responses = { "200": answer(endpoint, components), default: ERROR_REF };
  return op;
}

function answer(endpoint: Endpoint, components: Components): Json {
  const schema = components.add(endpoint.response);
  switch (endpoint.format) {
    case "ndjson":
      return {
        description: "Newline-delimited JSON: one value per line, each matching the schema",
        content: {
          "application/x-ndjson": { schema: { type: "string" }, "x-item-schema": schema },
        },
      };
    case "sse":
      return {
        description:
          "A server-sent event stream that does not end on its own; each event's data is " +
          "one JSON value matching the schema",
        content: { "text/event-stream": { schema: { type: "string" }, "x-item-schema": schema } },
      };
    default:
      return { description: "Success", content: { "application/json": { schema } } };
  }
}

/** An object schema's properties as parameters (path parameters are always required). */
function fieldsAsParameters(schema: Json, where: "path" | "query"): Json[] {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, field]) => ({
    name,
    in: where,
    required: where === "path" || required.has(name),
    schema: field,
  }));
}

/** JSON Schemas with their named definitions pooled as components. */
class Components {
  readonly definitions: Record<string, unknown> = {};

  add(schema: Schema.Top): Json {
    const document = Schema.toJsonSchemaDocument(schema);
    for (const [key, value] of Object.entries(document.definitions)) {
      this.definitions[key] ??= relink(value);
    }
    return relink(document.schema) as Json;
  }
}

/** `#/$defs/X` (JSON Schema's home for definitions) becomes `#/components/schemas/X`. */
function relink(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(relink);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) =>
      key === "$ref" && typeof inner === "string"
        ? [key, inner.replace(/^#\/\$defs\//, "#/components/schemas/")]
        : [key, relink(inner)],
    ),
  );
}
