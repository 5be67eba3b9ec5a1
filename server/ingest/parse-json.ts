import { parseFailed } from "./errors.ts";
import { JsonNumber } from "./json-ids.ts";

/**
 * JSON Feed parse stage, a little more leniently than the spec: a JSON object is a JSON Feed
 * when its version names jsonfeed.org (http or https) or is a bare "1"/"1.0"/"1.1" (seen in
 * the wild), or when it has an `items` array. Python-style NaN/Infinity literals are read as
 * their names. The object is returned as is: the JSON adapter reads each field with its type
 * checked, so a value of the wrong type is simply absent. A numeric `id` keeps the text it was
 * written with (JsonNumber): ids are text, and 200.0 is not the id 200.
 */
export type JsonFeedDocument = Record<string, unknown>;

export function parseJsonFeed(
  text: string,
  maxItems: number,
  describeNonFeed: (text: string) => string,
): JsonFeedDocument {
  let json: unknown;
  try {
    json = JSON.parse(text, reviverFor(text));
  } catch {
    try {
      json = JSON.parse(replaceBareJsonNumbers(text), reviverFor(text));
    } catch (error) {
      throw parseFailed(
        "malformed",
        `the JSON could not be parsed: ${(error as Error).message}`,
        error,
      );
    }
  }
  if (!isJsonFeed(json)) throw parseFailed("not-a-feed", describeNonFeed(text));
  if (Array.isArray(json.items) && json.items.length > maxItems)
    return { ...json, items: json.items.slice(0, maxItems) };
  return json;
}

/** The id reviver only when some id is a number: a reviver makes JSON.parse ~3x slower. */
function reviverFor(text: string) {
  return NUMBER_ID.test(text) ? keepIdNumberText : undefined;
}

const NUMBER_ID = /"id"\s*:\s*-?\d/;

function keepIdNumberText(
  this: unknown,
  key: string,
  value: unknown,
  context?: { source?: string },
): unknown {
  if (key !== "id" || typeof value !== "number") return value;
  return new JsonNumber(value, context?.source ?? String(value));
}

function isJsonFeed(json: unknown): json is JsonFeedDocument {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return false;
  const record = json as JsonFeedDocument;
  const version = typeof record.version === "string" ? record.version.trim() : "";
  return (
    /jsonfeed\.org\/version\//i.test(version) ||
    /^1(?:\.\d+)?$/.test(version) ||
    Array.isArray(record.items)
  );
}

/**
 * Replaces NaN / Infinity / -Infinity outside strings with their names as strings (Python
 * writes them; an id of Infinity is the id "Infinity", a number field of it is then dropped).
 */
function replaceBareJsonNumbers(text: string): string {
  return text.replace(/"(?:[^"\\]|\\.)*"|-?\b(?:NaN|Infinity)\b/g, (token) =>
    token.startsWith('"') ? token : JSON.stringify(token),
  );
}
