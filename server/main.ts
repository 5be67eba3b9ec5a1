import { loadConfigOrExit } from "./config.ts";
import { createLogger } from "./logger.ts";
import { startServer } from "./server.ts";

/** `npm start`: one process serving the API and the client on an embedded SQLite by default. */
async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger(config);
  const server = await startServer(config, logger);
  console.log(`Follow is running at ${server.url}`);

  const stop = (signal: string) => {
    logger.info({ signal }, "shutting down");
    server.close().then(
      () => process.exit(0),
      (error) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
