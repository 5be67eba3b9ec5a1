import { Schema } from "effect";
import type { Context } from "hono";
import { ApiError } from "./api-error.ts";

const MAX_JSON_BYTES = 1_000_000;

/** Reads a JSON body and decodes it; anything malformed is a 1002 with the reason, never a 500. */
export async function readJsonBody<S extends Schema.ConstraintDecoder<unknown>>(
  c: Context,
  schema: S,
): Promise<S["Type"]> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().includes("application/json")) {
    throw new ApiError(1002, "Expected a JSON body (content-type: application/json)");
  }
  const text = await c.req.text();
  if (text.length > MAX_JSON_BYTES) throw new ApiError(1002, "Request body too large");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(1002, "Request body is not valid JSON");
  }
  return decodeOrThrow(schema, value);
}

/** Decodes query parameters (all strings) against a schema. */
export function readQuery<S extends Schema.ConstraintDecoder<unknown>>(
  c: Context,
  schema: S,
): S["Type"] {
  return decodeOrThrow(schema, c.req.query());
}

export function decodeOrThrow<S extends Schema.ConstraintDecoder<unknown>>(
  schema: S,
  value: unknown,
): S["Type"] {
  try {
    return Schema.decodeUnknownSync(schema)(value, { errors: "all", onExcessProperty: "ignore" });
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    throw new ApiError(1002, text.length > 500 ? `${text.slice(0, 500)}...` : text);
  }
}
