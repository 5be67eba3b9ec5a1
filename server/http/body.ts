import { Schema } from "effect";
import type { Context } from "hono";
import type { ErrorCode } from "../../contract/errors.ts";
import { jsonDepthExceeds } from "../../contract/json-depth.ts";
import { holdsNul, NUL_REASON } from "../../contract/nul-text.ts";
import { ApiError } from "./api-error.ts";
import { decodeReason } from "./decode-reason.ts";
import { isJsonMediaType } from "./origin-guard.ts";

const MAX_JSON_BYTES = 1_000_000;
/** No request of ours nests deeper; deeper bodies are refused before parsing. */
export const MAX_JSON_DEPTH = 32;

/**
 * A JSON body, parsed: right media type, at most 1 MB, nested at most `maxDepth` levels, no
 * U+0000 in any string. Failures carry `code` (1002 unless the route has a more specific one).
 */
export async function readJsonValue(
  c: Context,
  options: { code?: ErrorCode; maxDepth?: number } = {},
): Promise<unknown> {
  const code = options.code ?? 1002;
  if (!isJsonMediaType(c.req.header("content-type"))) {
    throw new ApiError(code, "Expected a JSON body (content-type: application/json)");
  }
  const text = await c.req.text();
  if (text.length > MAX_JSON_BYTES) throw new ApiError(1002, "Request body too large", 413);
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  if (jsonDepthExceeds(text, maxDepth)) {
    throw new ApiError(code, `Request body nests deeper than ${maxDepth} levels`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(code, "Request body is not valid JSON");
  }
  if (holdsNul(value)) throw new ApiError(code, NUL_REASON);
  return value;
}

/** Decodes a request part; anything malformed is `code` (1002) with the reason, never a 500. */
export function decodeOrThrow<S extends Schema.ConstraintDecoder<unknown>>(
  schema: S,
  value: unknown,
  code: ErrorCode = 1002,
): S["Type"] {
  try {
    return Schema.decodeUnknownSync(schema)(value, { errors: "all", onExcessProperty: "ignore" });
  } catch (error) {
    const text = decodeReason(error instanceof Error ? error.message : String(error));
    throw new ApiError(code, text.length > 500 ? `${text.slice(0, 500)}...` : text);
  }
}
