import { createECDH } from "node:crypto";
import { Exit, Schema, SchemaAST } from "effect";
import type { Endpoint } from "../../contract/api/index.ts";

/**
 * What a request to an endpoint of the table looks like on the wire, read from its Schemas:
 * a smallest request its Schemas accept (required fields only) and every field a caller can
 * fill (path parameters, query or body fields, fields of nested objects and of array items),
 * so generated suites cover a new endpoint without anyone listing it.
 */

/** Where a field sits: `["filters", "feedIdList"]`, `["items", 0, "url"]`. */
export type FieldPath = ReadonlyArray<string | number>;

export interface Field {
  /** The field's own name (the last string of its path). */
  readonly name: string;
  readonly path: FieldPath;
  /** In the path (`/entries/read-histories/:id`) rather than the query or body. */
  readonly inPath: boolean;
  /** The field takes a list of values (a JSON array). */
  readonly array: boolean;
  readonly required: boolean;
}

export interface RequestShape {
  readonly params: Record<string, unknown>;
  readonly request: Record<string, unknown>;
  readonly fields: ReadonlyArray<Field>;
  /** The smallest accepted value of each field, by JSON path (`params:` before a path parameter's). */
  readonly minimal: ReadonlyMap<string, unknown>;
}

const ENTITY_ID = "1234567890123";
/** Strings tried, in order, as the smallest accepted value of a string field. */
const STRING_CANDIDATES = [
  ENTITY_ID,
  // A browser's push keys (P-256 public key, 16-byte secret): fields that take only these.
  createECDH("prime256v1").generateKeys().toString("base64url"),
  Buffer.alloc(16, 7).toString("base64url"),
  "reader",
  "en",
  "http://127.0.0.1:9/",
  "title",
  "a@example.com",
  "1",
  "x",
  // Fields that take only an ISO time (when a device took a reading position).
  "2026-01-01T00:00:00Z",
];

const accepts = (ast: SchemaAST.AST, value: unknown): boolean => {
  try {
    // A node of a request Schema: decoding it needs no services (WireSchema).
    const schema = Schema.make<Schema.Codec<unknown, unknown>>(ast);
    return Exit.isSuccess(Schema.decodeUnknownExit(schema)(value));
  } catch {
    return false;
  }
};

const isOptional = (ast: SchemaAST.AST): boolean =>
  Boolean((ast as { context?: { isOptional?: boolean } }).context?.isOptional);

const key = (path: FieldPath) => JSON.stringify(path);

/** The encoded (wire) shape of a request Schema, walked once. */
function walk(
  ast: SchemaAST.AST,
  path: FieldPath,
  inPath: boolean,
  fields: Field[],
  minimal: Map<string, unknown>,
  depth = 0,
): unknown {
  if (depth > 8) return undefined;
  switch (ast._tag) {
    case "Objects": {
      const value: Record<string, unknown> = {};
      for (const property of ast.propertySignatures) {
        const name = String(property.name);
        const child = [...path, name];
        const type = property.type;
        const required = !isOptional(type);
        const array = isArrayOf(type);
        fields.push({ name, path: child, inPath, array, required });
        const sub = walk(type, child, inPath, fields, minimal, depth + 1);
        if (!minimal.has(key(child))) minimal.set(key(child), sub);
        if (required) value[name] = sub;
      }
      minimal.set(key(path), value);
      return value;
    }
    case "Arrays": {
      const item = ast.rest[0] ?? ast.elements[0];
      const one = item ? walk(item, [...path, 0], inPath, fields, minimal, depth + 1) : undefined;
      if (item) minimal.set(key([...path, 0]), one);
      // An empty list when it is accepted, else one smallest item.
      const value = item && !accepts(ast, []) ? [one] : [];
      minimal.set(key(path), value);
      return value;
    }
    case "Union": {
      const members = ast.types.filter((t) => t._tag !== "Undefined" && t._tag !== "Null");
      let first: unknown;
      members.forEach((member, index) => {
        // Only the first member's inner fields are recorded: the others describe the same field.
        const value = walk(member, path, inPath, index === 0 ? fields : [], minimal, depth + 1);
        if (index === 0) first = value;
      });
      if (members.length === 0) return ast.types.some((t) => t._tag === "Null") ? null : undefined;
      return first;
    }
    case "Suspend":
      return walk(ast.thunk(), path, inPath, fields, minimal, depth + 1);
    case "Literal":
      return ast.literal;
    case "Null":
      return null;
    case "Boolean":
      return false;
    case "Number":
      return [1, 0, 10].find((n) => accepts(ast, n)) ?? 1;
    case "String": {
      const name = String(path.at(-1) ?? "");
      const candidates = /url|endpoint/i.test(name)
        ? ["http://127.0.0.1:9/", ...STRING_CANDIDATES]
        : STRING_CANDIDATES;
      return candidates.find((s) => accepts(ast, s)) ?? "x";
    }
    default:
      return "x";
  }
}

function isArrayOf(ast: SchemaAST.AST): boolean {
  if (ast._tag === "Arrays") return true;
  if (ast._tag === "Union") return ast.types.some((t) => t._tag === "Arrays");
  return false;
}

/** The request shape of an endpoint (wire form: a GET's fields are query strings). */
export function requestShape(endpoint: Endpoint): RequestShape {
  const fields: Field[] = [];
  const minimal = new Map<string, unknown>();
  const params = endpoint.params
    ? (walk(SchemaAST.toEncoded(endpoint.params.ast), [], true, fields, minimal) as Record<
        string,
        unknown
      >)
    : {};
  const paramsMinimal = new Map(minimal);
  minimal.clear();
  const request = (walk(SchemaAST.toEncoded(endpoint.request.ast), [], false, fields, minimal) ??
    {}) as Record<string, unknown>;
  for (const [k, v] of paramsMinimal) minimal.set(`params:${k}`, v);
  return { params, request, fields, minimal };
}

/** The smallest accepted value of a field. */
export function minimalOf(shape: RequestShape, field: Field): unknown {
  return shape.minimal.get(`${field.inPath ? "params:" : ""}${key(field.path)}`);
}

/** A deep copy of `target` with `value` at `path`, intermediate objects and items built. */
export function setField(
  shape: RequestShape,
  target: Record<string, unknown>,
  field: Field,
  value: unknown,
): Record<string, unknown> {
  const root = structuredClone(target);
  let node: Record<string | number, unknown> = root;
  field.path.forEach((step, index) => {
    if (index === field.path.length - 1) {
      node[step] = value;
      return;
    }
    if (typeof node[step] !== "object" || node[step] === null) {
      const prefix = field.path.slice(0, index + 1);
      const built = shape.minimal.get(`${field.inPath ? "params:" : ""}${key(prefix)}`);
      node[step] = structuredClone(built ?? (typeof field.path[index + 1] === "number" ? [] : {}));
    }
    node = node[step] as Record<string | number, unknown>;
  });
  return root;
}

/** An endpoint's path with its parameters filled in. */
export function fillPath(path: string, params: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String(params[name] ?? ENTITY_ID)),
  );
}

/** A GET's query string: arrays comma-joined (how the table's GET Schemas read lists). */
export function queryString(request: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request)) {
    if (value === undefined) continue;
    query.set(
      name,
      Array.isArray(value)
        ? value.join(",")
        : typeof value === "object"
          ? JSON.stringify(value)
          : String(value),
    );
  }
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** Method, URL (under /api) and JSON body of one request to an endpoint. */
export function toHttp(
  endpoint: Endpoint,
  params: Record<string, unknown>,
  request: Record<string, unknown>,
): { method: string; url: string; json?: unknown } {
  const path = `/api${fillPath(endpoint.path, params)}`;
  return endpoint.method === "GET"
    ? { method: "GET", url: `${path}${queryString(request)}` }
    : { method: endpoint.method, url: path, json: request };
}
