import { loadConfig } from "../../server/config.ts";
import { startServer } from "../../server/server.ts";

/**
 * The server in a process of its own that also answers "memory" over IPC with its
 * process.memoryUsage() after a full collection (started with --expose-gc), so a benchmark
 * can read the server's heap, not only its RSS.
 */
const server = await startServer(loadConfig(process.env));
process.send?.({ url: server.localUrl });
process.on("message", (message) => {
  if (message !== "memory") return;
  (globalThis as { gc?: () => void }).gc?.();
  process.send?.({ memory: process.memoryUsage() });
});
process.on("SIGTERM", () => {
  void server.close().then(() => process.exit(0));
});
