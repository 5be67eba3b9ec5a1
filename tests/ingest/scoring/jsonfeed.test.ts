import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { IngestedFeed } from "../../../server/feed-model.ts";
import { IngestError } from "../../../server/ingest/errors.ts";
import { ingestBody } from "../../../server/ingest/pipeline.ts";
import { fixturePath, listFixtures } from "../fixtures.ts";
import { feedparserNamespace } from "./feedparser-view.ts";
import { gofeedChecks, jsonFeedChecks } from "./json-feed-checks.ts";
import { jsonFeedRuleChecks } from "./json-feed-rules.ts";
import { evaluate, PyEvalError, truthy, Unmappable } from "./python-eval.ts";
import { parsePython } from "./python-parse.ts";
import { forEachFile, Tally, type Verdict } from "./score.ts";

/**
 * JSON Feed scoring over the three sources of the jsonfeed corpus (see its SOURCE.md), each
 * walking whatever files its folder holds: feedparser's WIP `__tests` expressions, gofeed's
 * expected object models (a file with an `X_expected.json` beside it; under `translator/`,
 * gofeed's own model), detection and rejection (a file that is not JSON must be refused), and
 * real feeds held to the spec's rules. Each gates on the share of mappable expectations met.
 */
const ingest = (bytes: Buffer | string): IngestedFeed | IngestError => {
  try {
    return ingestBody(typeof bytes === "string" ? Buffer.from(bytes) : bytes, {
      url: "https://feed.example/feed.json",
    });
  } catch (error) {
    if (error instanceof IngestError) return error;
    throw error;
  }
};

const relative = (file: string) => path.relative(fixturePath("jsonfeed"), file);

function report(tally: Tally, name: string) {
  console.log(`${tally.line(name)}\n${tally.reasons()}`);
  if (tally.failed.length > 0)
    console.log(`  failed:\n${tally.failed.map((f) => `    ${f}`).join("\n")}`);
}

describe("JSON Feed scoring", () => {
  it("feedparser-json-wip: __tests expressions", () => {
    const files = listFixtures(path.join("jsonfeed", "feedparser-json-wip"), /\.json$/);
    const tally = new Tally();
    tally.files = files.length;
    let completed = 0;
    forEachFile(tally, files, (file) => {
      const text = fs.readFileSync(file, "utf8");
      const tolerant = text.replace(/"(?:[^"\\]|\\.)*"|-?\b(?:NaN|Infinity)\b/g, (t) =>
        t.startsWith('"') ? t : "null",
      );
      let doc: { __tests?: unknown; version?: unknown };
      try {
        doc = JSON.parse(tolerant);
      } catch (error) {
        tally.add(`${relative(file)}: case file`, {
          outcome: "failed",
          detail: `not JSON: ${(error as Error).message}`,
        });
        return;
      }
      const tests = Array.isArray(doc.__tests) ? doc.__tests.map(String) : [];
      // The WIP cases are one-field fragments written for a parser that takes any JSON object.
      // We require a version or items, so a fragment without a version gets one, unless its
      // expressions are about the version itself.
      let body = text;
      if (!("version" in doc) && !tests.some((t) => /\bversion\b/.test(t))) {
        body = text.replace(/^\s*\{/, '{"version": "https://jsonfeed.org/version/1.1",');
        completed++;
      }
      const result = ingest(body);
      for (const expression of tests)
        tally.add(`${relative(file)}: ${expression}`, judge(expression, result));
    });
    report(tally, `jsonfeed/feedparser-json-wip (${completed} fragments given a version key)`);
    expect(tally.mappable).toBeGreaterThan(0);
    expect(tally.rate).toBeGreaterThanOrEqual(0.95);
  });

  it("gofeed: expected object models, detection and rejection", () => {
    const files = listFixtures(path.join("jsonfeed", "gofeed"), /\.json$/);
    const tally = new Tally();
    const inputs = files.filter((file) => !file.endsWith("_expected.json"));
    tally.files = inputs.length;
    forEachFile(tally, inputs, (file) => {
      const name = relative(file);
      const bytes = fs.readFileSync(file);
      const result = ingest(bytes);
      const expectedFile = file.replace(/\.json$/, "_expected.json");
      if (fs.existsSync(expectedFile)) {
        let expected: Record<string, unknown>;
        try {
          expected = JSON.parse(fs.readFileSync(expectedFile, "utf8"));
        } catch {
          tally.check({ label: `${name}: expected output is not JSON`, ok: false });
          return;
        }
        const checks = file.split(path.sep).includes("translator")
          ? gofeedChecks(name, result, expected)
          : jsonFeedChecks(name, result, expected);
        for (const check of checks) tally.check(check);
        return;
      }
      let doc: unknown;
      try {
        doc = JSON.parse(bytes.toString("utf8"));
      } catch {
        tally.check({
          label: `${name}: not JSON, refused with 2004`,
          ok: result instanceof IngestError && result.code === 2004,
        });
        return;
      }
      tally.check({
        label: `${name}: detected as JSON Feed`,
        ok: !(result instanceof IngestError) && result.format === "json",
      });
      const title = (doc as { title?: unknown }).title;
      if (typeof title === "string")
        tally.check({
          label: `${name}: title`,
          ok: !(result instanceof IngestError) && result.feed.title === title.trim(),
        });
    });
    report(tally, "jsonfeed/gofeed");
    expect(tally.mappable).toBeGreaterThan(0);
    expect(tally.rate).toBeGreaterThanOrEqual(0.95);
  });

  it("rsparser: real JSON feeds held to the spec's rules", { timeout: 30_000 }, () => {
    const files = listFixtures(path.join("jsonfeed", "rsparser"), /\.json$/);
    const tally = new Tally();
    tally.files = files.length;
    forEachFile(tally, files, (file) => {
      const bytes = fs.readFileSync(file);
      let doc: Record<string, unknown>;
      try {
        doc = JSON.parse(bytes.toString("utf8").replace(/^\uFEFF/, ""));
      } catch {
        // Not JSON: the one thing to check is that we refuse it.
        const result = ingest(bytes);
        tally.check({
          label: `${relative(file)}: not JSON, refused with 2004`,
          ok: result instanceof IngestError && result.code === 2004,
        });
        return;
      }
      for (const check of jsonFeedRuleChecks(relative(file), doc, ingest(bytes)))
        tally.check(check);
    });
    report(tally, "jsonfeed/rsparser");
    expect(tally.mappable).toBeGreaterThan(0);
    expect(tally.rate).toBeGreaterThanOrEqual(0.9);
  });
});

function judge(expression: string, result: IngestedFeed | IngestError): Verdict {
  const tree = parsePython(expression);
  const ok = !(result instanceof IngestError);
  if (!ok && result.kind === "not-a-feed") {
    return {
      outcome: "unmappable",
      reason: "JSON without a JSON Feed version or items is not accepted as a feed (by design)",
    };
  }
  try {
    const names = feedparserNamespace(ok ? result : null, {
      contentType: null,
      documentEntries: 0,
    });
    return truthy(evaluate(tree, names))
      ? { outcome: "passed" }
      : { outcome: "failed", detail: ok ? "false" : `ingest failed: ${result.reason}` };
  } catch (error) {
    if (error instanceof Unmappable) return { outcome: "unmappable", reason: error.reason };
    if (error instanceof PyEvalError) return { outcome: "failed", detail: error.message };
    return { outcome: "failed", detail: `evaluation threw ${String(error)}` };
  }
}
