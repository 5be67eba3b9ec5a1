import type { FieldCheck } from "./json-feed-checks.ts";

/**
 * What every corpus scorer reports and gates on: the share of mappable expectations met, with
 * the counts behind it. An expectation is mappable when our model can answer it; the others
 * are counted by reason. Scorers walk whatever files their corpus folder holds, so the same
 * figures can be taken on any copy of a corpus laid out the same way.
 */
export type Verdict =
  | { outcome: "passed" }
  | { outcome: "failed"; detail: string }
  | { outcome: "unmappable"; reason: string };

/** Counts per outcome and per unmappable reason. */
export class Tally {
  passed = 0;
  failed: string[] = [];
  readonly unmappable = new Map<string, number>();

  /** Files (or cases) the expectations came from. */
  files = 0;

  add(name: string, verdict: Verdict): void {
    if (verdict.outcome === "passed") this.passed++;
    else if (verdict.outcome === "failed") this.failed.push(`${name}: ${verdict.detail}`);
    else this.unmappable.set(verdict.reason, (this.unmappable.get(verdict.reason) ?? 0) + 1);
  }

  /** A pass/fail check, or one our model cannot answer (FieldCheck's unmappable). */
  check(check: FieldCheck): void {
    if (check.unmappable !== undefined)
      this.add(check.label, { outcome: "unmappable", reason: check.unmappable });
    else
      this.add(
        check.label,
        check.ok ? { outcome: "passed" } : { outcome: "failed", detail: "expectation not met" },
      );
  }

  /** Share of mappable expectations met, 0..1 (0 when nothing was mappable). */
  get rate(): number {
    return this.mappable === 0 ? 0 : this.passed / this.mappable;
  }

  /**
   * The one-line figure: "[score] name: 97.9% of 437 mappable met (428 passed, 9 failed), ...;
   * 915 files scored; 428 / 437 passed".
   */
  line(name: string): string {
    return `[score] ${name}: ${(100 * this.rate).toFixed(1)}% of ${this.mappable} mappable met (${this.passed} passed, ${this.failed.length} failed), ${this.unmappableCount} unmappable; ${this.files} files scored; ${this.passed} / ${this.mappable} passed`;
  }

  get mappable(): number {
    return this.passed + this.failed.length;
  }

  get unmappableCount(): number {
    return [...this.unmappable.values()].reduce((a, b) => a + b, 0);
  }

  report(title: string): string {
    const rate = this.mappable === 0 ? 0 : (100 * this.passed) / this.mappable;
    return `${title}: ${this.passed} passed, ${this.failed.length} failed (${rate.toFixed(1)}% of ${this.mappable} mappable); ${this.unmappableCount} unmappable by reason:\n${this.reasons()}`;
  }

  /** Reasons by count; "not in our model: x" ones folded into one line listing the fields. */
  reasons(except?: string): string {
    const fields: Array<[string, number]> = [];
    const lines: Array<[string, number]> = [];
    for (const [reason, count] of this.unmappable) {
      if (reason === except) continue;
      const field = /^not in our model: (.+)$/.exec(reason)?.[1];
      if (field) fields.push([field, count]);
      else lines.push([reason, count]);
    }
    const fieldTotal = fields.reduce((sum, [, count]) => sum + count, 0);
    if (fieldTotal > 0) {
      const list = fields
        .sort((a, b) => b[1] - a[1])
        .map(([field, count]) => `${field} ${count}`)
        .join(", ");
      lines.push([`field not in our model: ${list}`, fieldTotal]);
    }
    return lines
      .sort((a, b) => b[1] - a[1])
      .map(([reason, count]) => `    ${String(count).padStart(4)}  ${reason}`)
      .join("\n");
  }
}

/**
 * Runs `score` for each file; a file whose scoring throws (a crash of ours, or input the
 * scorer cannot read) is one failed check, and the walk goes on.
 */
export function forEachFile(tally: Tally, files: string[], score: (file: string) => void): void {
  for (const file of files) {
    try {
      score(file);
    } catch (error) {
      tally.add(file, { outcome: "failed", detail: `threw ${String(error)}` });
    }
  }
}
