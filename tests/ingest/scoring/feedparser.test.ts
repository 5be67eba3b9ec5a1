import { describe, expect, it } from "vitest";
import { decodeBytes } from "../../../server/ingest/decode.ts";
import { parseFeedText } from "../../../server/ingest/parse.ts";
import { sanitizeHtml } from "../../../server/ingest/sanitize.ts";
import { fixturePath, listFixtures } from "../fixtures.ts";
import { safetyViolations } from "../html-safety.ts";
import { matchLog } from "./comparables.ts";
import { type FeedparserCase, readCase, runCase, Tally } from "./feedparser-cases.ts";

/**
 * Scoring over feedparser's own test cases: each `Expect:` expression is evaluated against our
 * normalized model (see feedparser-view.ts for what maps). Sanitizer cases are scored apart:
 * their expectations encode feedparser's particular allow-list, so we count matches and
 * differences there, and assert only the safety properties.
 */
const ROOT = fixturePath("feedparser");

function cases(filter: (relative: string) => boolean): FeedparserCase[] {
  return listFixtures("feedparser", /\.xml$/)
    .map((file) => readCase(file, ROOT))
    .filter((c): c is FeedparserCase => c !== null && filter(c.relative));
}

describe("feedparser scoring", () => {
  it("maps Expect: onto our model and passes at least 95% of the mappable cases", {
    timeout: 60_000,
  }, () => {
    const all = cases((relative) => !relative.includes("/sanitize/"));
    const tally = new Tally();
    tally.files = all.length;
    const byGroup = new Map<string, Tally>();
    for (const testCase of all) {
      const verdict = runCase(testCase);
      tally.add(testCase.relative, verdict);
      const group = testCase.relative.split("/").slice(1, -1).join("/");
      if (!byGroup.has(group)) byGroup.set(group, new Tally());
      byGroup.get(group)!.add(testCase.relative, verdict);
    }
    const groups = [...byGroup.entries()]
      .map(
        ([group, t]) =>
          `    ${group.padEnd(28)} ${t.passed} passed, ${t.failed.length} failed, ${t.unmappableCount} unmappable`,
      )
      .join("\n");
    console.log(
      `${tally.line("feedparser (sanitize/ excluded)")}\n${tally.report("  by outcome")}\n  by folder:\n${groups}`,
    );
    if (tally.failed.length > 0)
      console.log(`  failed:\n${tally.failed.map((f) => `    ${f}`).join("\n")}`);
    // Gated on the share met, not on how many files this copy of the corpus holds.
    expect(tally.mappable).toBeGreaterThan(0);
    expect(tally.rate).toBeGreaterThanOrEqual(0.95);
  });

  it("sanitize cases: counts matches with feedparser's output; safety always holds", {
    timeout: 60_000,
  }, () => {
    const sanitizeCases = cases((relative) => relative.includes("/sanitize/"));
    const tally = new Tally();
    tally.files = sanitizeCases.length;
    const unsafe: string[] = [];
    let checkedFragments = 0;
    matchLog.length = 0;
    for (const testCase of sanitizeCases) {
      const verdict = runCase(testCase);
      tally.add(testCase.relative, verdict);
      for (const entry of verdict.result?.entries ?? []) {
        const problems = safetyViolations(entry.content ?? "");
        if (problems.length > 0) unsafe.push(`${testCase.relative}: ${problems.join("; ")}`);
        checkedFragments++;
      }
      // Feed-level fields are plain text in our model; sanitize their raw HTML anyway and check.
      for (const raw of rawStrings(testCase)) {
        const problems = safetyViolations(sanitizeHtml(raw, "http://127.0.0.1:8097/"));
        if (problems.length > 0)
          unsafe.push(`${testCase.relative} (raw field): ${problems.join("; ")}`);
        checkedFragments++;
      }
    }
    const exact = matchLog.filter((m) => m === "exact").length;
    const policyReason = "expected HTML is outside our sanitizer's allow-list (policy)";
    const policy = tally.unmappable.get(policyReason) ?? 0;
    console.log(
      `${tally.line("feedparser sanitize/ (matching feedparser's exact output)")}\n` +
        `  ${tally.passed} match feedparser's output ` +
        `(${exact} exactly, ${tally.passed - exact} after canonicalising our link attributes/spacing/wrapping); ` +
        `${tally.failed.length + policy} differ: ${policy} because feedparser keeps markup our stricter allow-list drops, ` +
        `${tally.failed.length} otherwise; ${tally.unmappableCount - policy} unmappable:\n${tally.reasons(policyReason)}\n` +
        `  safety checked on ${checkedFragments} fragments (entry content + every raw field re-sanitized): ${unsafe.length} unsafe`,
    );
    if (tally.failed.length > 0)
      console.log(`  differ:\n${tally.failed.map((f) => `    ${f}`).join("\n")}`);
    expect(checkedFragments).toBeGreaterThan(0);
    expect(unsafe).toEqual([]);
  });
});

/** Every string value feedsmith finds in the case (titles, subtitles, rights...), unsanitized. */
function rawStrings(testCase: FeedparserCase): string[] {
  let parsed: unknown;
  try {
    parsed = parseFeedText(decodeBytes(testCase.bytes).text).feed;
  } catch {
    return [];
  }
  const out: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string") out.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  walk(parsed);
  return out;
}
