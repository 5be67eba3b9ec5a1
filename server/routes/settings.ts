import type { SettingsResponse } from "../../contract/settings.ts";
import { SettingsPatch, SettingsQuery, SettingsTabParam } from "../../contract/settings.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { decodeOrThrow, readJsonBody, readQuery } from "../http/body.ts";
import { patchSettings, readSettings } from "../storage/settings.ts";
import { ok, userRouter } from "./context.ts";

/** The user's settings per tab, shared by their devices (SPEC §7). */
export function settingsRoutes(auth: Auth, database: DatabaseHandle) {
  const app = userRouter(auth, database);
  app.get("/", async (c) => {
    const { tab } = readQuery(c, SettingsQuery);
    const answer: SettingsResponse = { code: 0, settings: {}, updated: {} };
    for (const stored of await readSettings(database, c.get("userId"), tab)) {
      const name = stored.tab as keyof SettingsResponse["settings"];
      answer.settings[name] = stored.values;
      answer.updated[name] = stored.updatedAt;
    }
    return c.json(answer);
  });
  app.patch("/:tab", async (c) => {
    const { tab } = decodeOrThrow(SettingsTabParam, { tab: c.req.param("tab") });
    const patch = await readJsonBody(c, SettingsPatch);
    await patchSettings(database, c.get("userId"), tab, patch);
    return c.json(ok);
  });
  return app;
}
