import type { SettingsResponse, SettingsTabName } from "../../contract/settings.ts";
import { MAX_SETTINGS_TAB_BYTES, SETTINGS_TABS, SettingsPatch } from "../../contract/settings.ts";
import type { Auth } from "../auth.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { decodeOrThrow, readJsonValue } from "../http/body.ts";
import { patchSettings, readSettings } from "../storage/settings.ts";
import { ok, userRouter } from "./context.ts";

/** Settings values nest (integration configs); nothing real nests this deep. */
const MAX_SETTINGS_DEPTH = 16;

/**
 * The user's settings per tab, shared by their devices (SPEC §7), with the SPEC §8 codes: an
 * unknown tab is 7001, a body that is not an object of settings 7002, a tab that would grow
 * past 64 KB 7003 (settings used to grow without bound: issue 10, M4).
 */
export function settingsRoutes(auth: Auth, database: DatabaseHandle) {
  const app = userRouter(auth, database);
  app.get("/", async (c) => {
    const tab = c.req.query("tab");
    if (tab !== undefined) assertTab(tab);
    const answer: SettingsResponse = { code: 0, settings: {}, updated: {} };
    for (const stored of await readSettings(database, c.get("userId"), tab)) {
      const name = stored.tab as keyof SettingsResponse["settings"];
      answer.settings[name] = stored.values;
      answer.updated[name] = stored.updatedAt;
    }
    return c.json(answer);
  });
  app.patch("/:tab", async (c) => {
    const tab = c.req.param("tab");
    assertTab(tab);
    const value = await readJsonValue(c, { code: 7002, maxDepth: MAX_SETTINGS_DEPTH });
    const patch = decodeOrThrow(SettingsPatch, value, 7002);
    if (Buffer.byteLength(JSON.stringify(patch)) > MAX_SETTINGS_TAB_BYTES) {
      throw new ApiError(7003, `a settings tab holds at most ${MAX_SETTINGS_TAB_BYTES} bytes`);
    }
    const saved = await patchSettings(
      database,
      c.get("userId"),
      tab,
      patch,
      MAX_SETTINGS_TAB_BYTES,
    );
    if (!saved) {
      throw new ApiError(7003, `the merged tab would exceed ${MAX_SETTINGS_TAB_BYTES} bytes`);
    }
    return c.json(ok);
  });
  return app;
}

function assertTab(tab: string): asserts tab is SettingsTabName {
  if (!(SETTINGS_TABS as readonly string[]).includes(tab)) {
    throw new ApiError(7001, `tabs are ${SETTINGS_TABS.join(", ")}`);
  }
}
