import fs from "node:fs";
import path from "node:path";
import type { IngestedFeed } from "../../../server/feed-model.ts";
import { decodeBytes } from "../../../server/ingest/decode.ts";
import { IngestError } from "../../../server/ingest/errors.ts";
import { ingestBody } from "../../../server/ingest/pipeline.ts";
import { type CaseContext, feedparserNamespace } from "./feedparser-view.ts";
import { evaluate, PyEvalError, truthy, Unmappable } from "./python-eval.ts";
import { parsePython } from "./python-parse.ts";

import type { Verdict } from "./score.ts";

export { Tally } from "./score.ts";

/**
 * One feedparser test case: its bytes, `Header:` lines and `Expect:` expression, run through
 * our pipeline and judged by evaluating the expression against our normalized model.
 */
export interface FeedparserCase {
  file: string;
  /** Path as stored in the corpus ("tests/wellformed/rss/x.xml"). */
  relative: string;
  bytes: Buffer;
  description: string;
  expect: string;
  headers: Record<string, string>;
}

export function readCase(file: string, corpusRoot: string): FeedparserCase | null {
  const bytes = fs.readFileSync(file);
  const text = decodeBytes(bytes).text;
  const meta = /Description:\s*([\s\S]*?)\s*Expect:\s*([\s\S]*?)\s*-->/.exec(text);
  if (!meta) return null;
  const headers: Record<string, string> = {};
  const head = text.slice(0, meta.index + meta[0].length);
  for (const match of head.matchAll(/^\s*Header:\s*([\w-]+):\s*(.*?)\s*$/gm))
    headers[match[1]!.toLowerCase()] = match[2]!;
  return {
    file,
    relative: path.relative(corpusRoot, file).split(path.sep).join("/"),
    bytes,
    description: meta[1]!,
    expect: meta[2]!.trim(),
    headers,
  };
}

/** Cases served over HTTP upstream are fetched from this origin (see the corpus SOURCE.md). */
const HTTP_ORIGIN = "http://127.0.0.1:8097/";

export function runCase(testCase: FeedparserCase): Verdict & { result: IngestedFeed | null } {
  const served = testCase.relative.includes("http");
  const contentType = served ? (testCase.headers["content-type"] ?? "text/xml") : null;
  let result: IngestedFeed | null = null;
  try {
    result = ingestBody(testCase.bytes, {
      url: served ? HTTP_ORIGIN + testCase.relative : null,
      contentType,
    });
  } catch (error) {
    // Anything but a coded refusal is a crash: a failed case, counted, not a thrown test.
    if (!(error instanceof IngestError))
      return { outcome: "failed", detail: `ingest threw ${String(error)}`, result: null };
  }
  const text = decodeBytes(testCase.bytes, contentType).text;
  const documentEntries = text.match(/<(?:[\w-]+:)?(?:item|entry)[\s>]/gi)?.length ?? 0;
  return { ...judge(testCase, result, text, { contentType, documentEntries }), result };
}

function judge(
  testCase: FeedparserCase,
  result: IngestedFeed | null,
  text: string,
  context: CaseContext,
): Verdict {
  if (/^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<channel[\s>]/i.test(text)) {
    return {
      outcome: "unmappable",
      reason: "CDF (Channel Definition Format) is not a supported format",
    };
  }
  if (testCase.headers["content-location"]) {
    return {
      outcome: "unmappable",
      reason: "HTTP Content-Location as a base URL (not honoured, like browsers)",
    };
  }
  if (testCase.headers["content-language"]) {
    return {
      outcome: "unmappable",
      reason: "HTTP Content-Language as the default language (not honoured)",
    };
  }
  let tree: ReturnType<typeof parsePython>;
  try {
    tree = parsePython(testCase.expect);
  } catch (error) {
    return {
      outcome: "unmappable",
      reason: `expression syntax not supported (${(error as Error).message})`,
    };
  }
  try {
    const value = evaluate(tree, feedparserNamespace(result, context));
    return truthy(value)
      ? { outcome: "passed" }
      : { outcome: "failed", detail: result ? "expression is false" : "ingest failed" };
  } catch (error) {
    if (error instanceof Unmappable) return { outcome: "unmappable", reason: error.reason };
    if (error instanceof PyEvalError) return { outcome: "failed", detail: error.message };
    return { outcome: "failed", detail: `evaluation threw ${String(error)}` };
  }
}
