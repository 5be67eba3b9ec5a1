import { defineConfig } from "vitest/config";

// Three projects: fast unit tests beside the code, server integration tests over real HTTP
// (SQLite and PostgreSQL), and end-to-end tests in Debian's Chromium against a built client.
// Unit and integration files run side by side on two workers (each integration file has its
// own servers, ports and databases); the default on two cores would be one worker for all.
// The browser tests run after the other two, one file at a time (groupOrder): sharing the CPU
// with them made timing-sensitive browser steps flaky.
export default defineConfig({
  test: {
    maxWorkers: 2,
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "src/**/*.test.{ts,tsx}",
            "contract/**/*.test.ts",
            "server/**/*.test.ts",
            // The desktop main process, through a fake of the Electron adapter.
            "electron/**/*.test.ts",
            "tests/property/**/*.test.ts",
            // Corpus scorers of the ingest pipeline (test harness, not product code).
            "tests/ingest/**/*.test.ts",
            // Helpers of the test harness itself (the run's timing report).
            "tests/support/**/*.test.ts",
          ],
          environment: "node",
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          sequence: { groupOrder: 1 },
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
