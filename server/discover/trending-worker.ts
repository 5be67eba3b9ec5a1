import { parentPort, workerData } from "node:worker_threads";
import { connectDatabase } from "../db/connect.ts";
import { rankTrending } from "../storage/trending.ts";

/**
 * A worker thread that ranks trending once on its own connection to the SQLite file (WAL lets
 * it read beside the server's writer) and answers the ranking (see trending-thread.ts).
 */
const { databasePath, now } = workerData as { databasePath: string; now: string };
const database = connectDatabase({ databasePath });
try {
  const ranking = await rankTrending(database, new Date(now));
  parentPort!.postMessage({ ok: true, ranking });
} catch (error) {
  parentPort!.postMessage({
    ok: false,
    message: error instanceof Error ? error.message : String(error),
  });
} finally {
  await database.close();
}
