import { authTable, benchAuth } from "./auth-roundtrips.ts";
import { benchDbCopy, dbCopyTable } from "./db-copy.ts";
import { benchEntriesLatency, entriesLatencyTables } from "./entries-latency.ts";
import { benchFever, feverTable } from "./fever.ts";
import { benchGreader, greaderTable } from "./greader.ts";
import { benchHighlightsRender, highlightsRenderTable } from "./highlights-render.ts";
import { benchIdleCost, idleCostTables } from "./idle-cost.ts";
import { benchIngest, ingestTable } from "./ingest-store.ts";
import { benchLiveSync, liveSyncTable } from "./live-sync.ts";
import { benchLoad, loadTables } from "./load.ts";
import { benchLocalDb, localDbTable } from "./local-db.ts";
import { benchLocalFirst, localFirstTables } from "./local-first.ts";
import { benchMemory, memoryTable } from "./memory.ts";
import { benchMemoryScale, memoryScaleTable } from "./memory-scale.ts";
import { benchOpmlImport, opmlImportTable } from "./opml-import.ts";
import { benchParse, parseTable } from "./parse-throughput.ts";
import { benchPgFreshInstall, pgFreshInstallTable } from "./pg-fresh-install.ts";
import { benchPgPlanner, pgPlannerTable } from "./pg-planner.ts";
import { benchReaderUi, readerUiTables } from "./reader-ui.ts";
import { benchRefresh, refreshTable } from "./refresh-round.ts";
import { benchReplay, replayTable } from "./replay-queue.ts";
import { benchRuleSafety, ruleSafetyTable } from "./rule-safety.ts";
import { benchScheduleFreshness, scheduleTable } from "./schedule-freshness.ts";
import { benchSchedulePipeline, schedulePipelineTable } from "./schedule-pipeline.ts";
import { benchLocalSearch, benchServerSearch, searchTables } from "./search.ts";
import { benchSummary, summaryTable } from "./summary.ts";
import { printTable, type Table } from "./support/table.ts";
import { benchSyncStream, syncStreamTable } from "./sync-stream.ts";
import { benchTimelinePaging, timelinePagingTable } from "./timeline-paging.ts";
import { benchTimelineScroll, timelineScrollTable } from "./timeline-scroll.ts";
import { benchTrending, trendingTable } from "./trending.ts";
import { benchWalletTransfers, walletTransfersTable } from "./wallet-transfers.ts";

/**
 * `npm run bench [-- filter...]`: every figure is printed with a ratio against a baseline
 * measured in the same run on the same machine, because absolute numbers on a shared machine
 * mean little. With filters, only the benchmarks whose name contains one of them run
 * (`npm run bench -- ingest parse`).
 */
const benchmarks: Array<{ name: string; run: () => Promise<Table[]> }> = [
  {
    name: "wallet-transfers",
    run: async () => [
      walletTransfersTable([
        await benchWalletTransfers("sqlite"),
        await benchWalletTransfers("postgres"),
      ]),
    ],
  },
  {
    name: "highlights-render",
    run: async () => [highlightsRenderTable(await benchHighlightsRender())],
  },
  {
    name: "auth-roundtrips",
    run: async () => [authTable([await benchAuth("sqlite"), await benchAuth("postgres")])],
  },
  {
    name: "parse-throughput",
    run: async () => [parseTable([await benchParse("rss"), await benchParse("atom")])],
  },
  {
    name: "ingest-store",
    run: async () => [ingestTable([await benchIngest("sqlite"), await benchIngest("postgres")])],
  },
  {
    name: "schedule-freshness",
    run: async () => [
      scheduleTable(await benchScheduleFreshness()),
      schedulePipelineTable(await benchSchedulePipeline()),
    ],
  },
  {
    name: "refresh-round",
    run: async () => [refreshTable([await benchRefresh("sqlite"), await benchRefresh("postgres")])],
  },
  {
    name: "local-db",
    run: async () => [localDbTable(await benchLocalDb())],
  },
  {
    name: "local-first",
    run: async () => localFirstTables(await benchLocalFirst()),
  },
  {
    name: "live-sync",
    run: async () => [liveSyncTable(await benchLiveSync())],
  },
  {
    name: "replay-queue",
    run: async () => [replayTable(await benchReplay())],
  },
  {
    name: "entries-latency",
    run: async () => entriesLatencyTables(await benchEntriesLatency()),
  },
  {
    name: "greader",
    run: async () => [greaderTable(await benchGreader())],
  },
  {
    name: "fever",
    run: async () => [feverTable(await benchFever())],
  },
  {
    name: "timeline-paging",
    run: async () => [timelinePagingTable(await benchTimelinePaging())],
  },
  {
    name: "timeline-scroll",
    run: async () => [timelineScrollTable(await benchTimelineScroll())],
  },
  {
    name: "load",
    run: async () => loadTables([await benchLoad("sqlite"), await benchLoad("postgres")]),
  },
  {
    name: "pg-planner",
    run: async () => [pgPlannerTable(await benchPgPlanner())],
  },
  {
    name: "db-copy",
    run: async () => [dbCopyTable(await benchDbCopy())],
  },
  {
    name: "pg-fresh-install",
    run: async () => [pgFreshInstallTable(await benchPgFreshInstall())],
  },
  {
    name: "memory",
    run: async () => [memoryTable(await benchMemory())],
  },
  {
    // 120, 1,000 and 5,000 feeds on SQLite and PostgreSQL (BENCH_MEMORY_SCALE_FEEDS=120,1000).
    name: "rss-scale",
    // BENCH_MEMORY_SCALE_DIALECTS=sqlite (or postgres) runs one database.
    run: async () => {
      const only = process.env.BENCH_MEMORY_SCALE_DIALECTS;
      const dialects = only ? (only.split(",") as Array<"sqlite" | "postgres">) : undefined;
      return [memoryScaleTable(await benchMemoryScale(dialects ? { dialects } : {}))];
    },
  },
  {
    name: "search",
    // BENCH_SEARCH_ONLY=postgres (or sqlite, local) runs one part.
    run: async () => {
      const only = process.env.BENCH_SEARCH_ONLY;
      const figures = [];
      if (!only || only === "sqlite") figures.push(await benchServerSearch("sqlite"));
      if (!only || only === "postgres") figures.push(await benchServerSearch("postgres"));
      if (!only || only === "local") figures.push(await benchLocalSearch());
      return searchTables(figures);
    },
  },
  {
    name: "opml-import",
    run: async () => [opmlImportTable(await benchOpmlImport())],
  },
  {
    name: "reader-ui",
    run: async () => readerUiTables(await benchReaderUi()),
  },
  {
    name: "summary",
    run: async () => [summaryTable(await benchSummary())],
  },
  {
    name: "idle-cost",
    run: async () => idleCostTables(await benchIdleCost()),
  },
  {
    name: "rule-safety",
    run: async () => [
      ruleSafetyTable([await benchRuleSafety("sqlite"), await benchRuleSafety("postgres")]),
    ],
  },
  {
    name: "sync-stream",
    run: async () => [syncStreamTable(await benchSyncStream())],
  },
  {
    name: "trending",
    run: async () => [
      trendingTable([await benchTrending("sqlite"), await benchTrending("postgres")]),
    ],
  },
];

const filters = process.argv.slice(2).filter((arg) => !arg.startsWith("-"));
const selected = filters.length
  ? benchmarks.filter((b) => filters.some((f) => b.name.includes(f)))
  : benchmarks;
if (selected.length === 0) {
  console.error(
    `No benchmark matches ${filters.join(", ")}; known: ${benchmarks.map((b) => b.name).join(", ")}`,
  );
  process.exit(2);
}

const tables: Table[] = [];
for (const benchmark of selected) {
  const started = performance.now();
  console.log(`\n== ${benchmark.name} ...`);
  const produced = await benchmark.run();
  for (const table of produced) printTable(table);
  console.log(`(${benchmark.name} took ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  tables.push(...produced);
}
if (selected.length > 1) {
  console.log("\n== Summary");
  for (const table of tables) printTable(table);
}
