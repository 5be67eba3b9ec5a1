import { endpoints } from "../../contract/api/index.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { route } from "../http/route.ts";
import { listReadingPositions, saveReadingPosition } from "../storage/reading-positions.ts";
import { ok, userRouter } from "./context.ts";

/** Where a person stopped reading or listening, per entry and device. */
export function readingPositionRoutes(auth: Auth, database: DatabaseHandle) {
  const app = userRouter(auth, database);
  const { list, save } = endpoints.readingPositions;

  route(app, list, async (_input, c) => ({
    code: 0 as const,
    data: await listReadingPositions(database, c.get("userId")),
  }));

  route(app, save, async ({ request }, c) => {
    await saveReadingPosition(database, c.get("userId"), request);
    return ok;
  });

  return app;
}
