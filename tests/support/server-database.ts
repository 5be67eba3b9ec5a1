import { connectDatabase, type DatabaseHandle } from "../../server/db/connect.ts";

/** A connection of the test's own to a running test server's database, closed after `use`. */
export async function withServerDatabase<T>(
  server: { postgres?: { url: string } | undefined; dataDir: string },
  use: (handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const handle = connectDatabase({
    databaseUrl: server.postgres?.url,
    databasePath: `${server.dataDir}/follow.sqlite`,
    databasePoolMax: 1,
  });
  try {
    return await use(handle);
  } finally {
    await handle.close();
  }
}

/** As if a feed's last check were long ago: a check under a minute old stands in for a fetch. */
export function forgetLastCheck(
  server: Parameters<typeof withServerDatabase>[0],
  feedId: string,
): Promise<unknown> {
  return withServerDatabase(server, ({ db }) =>
    db
      .updateTable("feed")
      .set({ checked_at: "2000-01-01T00:00:00.000Z" })
      .where("id", "=", feedId)
      .execute(),
  );
}
