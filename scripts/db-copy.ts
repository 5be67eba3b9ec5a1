import { parseArgs } from "node:util";
import { PlanError } from "./db-copy-plan.ts";
import {
  CopyRefused,
  CopyStopped,
  copyInstallation,
  DEFAULT_BATCH,
  type TableResult,
} from "./db-copy-run.ts";
import { ValueError } from "./db-copy-values.ts";

/**
 * `npm run db:copy -- --from <sqlite path|postgres url> --to <sqlite path|postgres url>`:
 * copies a whole installation between databases (README, "Outgrowing one machine"). Run it with
 * the server stopped. Exit codes: 0 copied and verified, 1 a checksum or count differs, 2 refused
 * or failed (the target's progress record lets the same command resume), 3 stopped by the test
 * hook --stop-after-batches.
 */
const USAGE =
  "usage: npm run db:copy -- --from <sqlite path|postgres url> --to <sqlite path|postgres url> [--force] [--resume] [--batch-size N]";

async function main(): Promise<number> {
  let values: ReturnType<typeof parse>;
  try {
    values = parse();
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!values.from || !values.to) {
    console.error(USAGE);
    return 2;
  }
  const batchSize = values["batch-size"] ? Number(values["batch-size"]) : DEFAULT_BATCH;
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    console.error(`--batch-size must be a positive whole number\n${USAGE}`);
    return 2;
  }
  const started = performance.now();
  try {
    const report = await copyInstallation({
      from: values.from,
      to: values.to,
      force: values.force ?? false,
      resume: values.resume ?? false,
      batchSize,
      ...(values["stop-after-batches"]
        ? { stopAfterBatches: Number(values["stop-after-batches"]) }
        : {}),
      log: (line) => console.log(line),
    });
    console.log(resultTable(report.results));
    const seconds = (performance.now() - started) / 1000;
    // maxRSS is in kilobytes.
    const peakMb = Math.round(process.resourceUsage().maxRSS / 1024);
    console.log(
      `${report.ok ? "verified" : "MISMATCH"}: ${report.copiedRows} rows copied${report.resumed ? " (resumed)" : ""} in ${seconds.toFixed(1)} s, peak RSS ${peakMb} MB`,
    );
    return report.ok ? 0 : 1;
  } catch (error) {
    if (error instanceof CopyStopped) {
      console.error(error.message);
      return 3;
    }
    const known =
      error instanceof CopyRefused || error instanceof PlanError || error instanceof ValueError;
    console.error(`db:copy: ${known ? (error as Error).message : (error as Error).stack}`);
    if (!(error instanceof CopyRefused)) {
      console.error(
        "once copying has begun, the target keeps its progress: run the same command again to resume",
      );
    }
    return 2;
  }
}

function parse() {
  return parseArgs({
    options: {
      from: { type: "string" },
      to: { type: "string" },
      force: { type: "boolean" },
      // Resuming is automatic when the target holds this source's unfinished copy; --resume
      // refuses to start a fresh one.
      resume: { type: "boolean" },
      "batch-size": { type: "string" },
      "stop-after-batches": { type: "string" },
    },
    strict: true,
  }).values;
}

function resultTable(results: readonly TableResult[]): string {
  const header = ["table", "source rows", "target rows", "source checksum", "target checksum", ""];
  const rows = results.map((r) => [
    r.table,
    String(r.sourceRows),
    String(r.targetRows),
    r.sourceChecksum.slice(0, 16),
    r.targetChecksum.slice(0, 16),
    r.ok ? "ok" : "MISMATCH",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)].join("\n");
}

process.exitCode = await main();
