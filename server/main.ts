import { loadConfigOrExit } from "./config.ts";
import { settleHeap } from "./jobs/settle-heap.ts";
import { createLogger } from "./logger.ts";
import { startServer } from "./server.ts";

/** `npm start`: one process serving the API and the client on an embedded SQLite by default. */
async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger(config);
  const server = await startServer(config, logger);
  console.log(`Follow is running at ${server.url}`);
  // Start-up's garbage (migration plans, module initialisation) otherwise stays committed until
  // the heap next grows: ~9 MB of a fresh server's RSS. A second later, after the first checks.
  // Here, not in startServer: tests start many servers in one large process.
  setTimeout(settleHeap, 1000).unref();

  // A signal can arrive twice (the terminal's Ctrl-C and the launcher passing it on): one stop.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    server.close().then(
      () => process.exit(0),
      (error) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
