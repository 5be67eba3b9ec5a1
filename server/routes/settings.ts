import { endpoints } from "../../contract/api/index.ts";
import type { SettingsResponse, SettingsTabName } from "../../contract/settings.ts";
import { MAX_SETTINGS_TAB_BYTES } from "../../contract/settings.ts";
import type { Auth } from "../auth.ts";
import type { SecretBox } from "../crypto/secret-box.ts";
import type { DatabaseHandle } from "../db/connect.ts";
import { ApiError } from "../http/api-error.ts";
import { route } from "../http/route.ts";
import { divertIntegrationSecrets } from "../services/integrations/settings-secrets.ts";
import { patchSettings, readSettings } from "../storage/settings.ts";
import { ok, userRouter } from "./context.ts";

/** Settings values nest (integration configs); nothing real nests this deep. */
const MAX_SETTINGS_DEPTH = 16;

/**
 * The user's settings per tab, shared by their devices, with the catalogue's codes: an
 * unknown tab is 7001, a body that is not an object of settings 7002 (both declared with the
 * endpoints), a tab that would grow past 64 KB 7003 (settings used to grow without bound:
 * issue 10, M4).
 */
export function settingsRoutes(auth: Auth, database: DatabaseHandle, secretBox: SecretBox) {
  const app = userRouter(auth, database);

  route(app, endpoints.settings.get, async ({ request }, c) => {
    const settings: Partial<Record<SettingsTabName, Record<string, unknown>>> = {};
    const updated: Partial<Record<SettingsTabName, string>> = {};
    for (const stored of await readSettings(database, c.get("userId"), request.tab)) {
      const name = stored.tab as SettingsTabName;
      settings[name] = stored.values;
      updated[name] = stored.updatedAt;
    }
    const answer: SettingsResponse = { code: 0, settings, updated };
    return answer;
  });

  route(
    app,
    endpoints.settings.patch,
    async ({ request, params: { tab } }, c) => {
      if (Buffer.byteLength(JSON.stringify(request)) > MAX_SETTINGS_TAB_BYTES) {
        throw new ApiError(7003, `a settings tab holds at most ${MAX_SETTINGS_TAB_BYTES} bytes`);
      }
      // Integration tokens and passwords are kept encrypted apart; the tab gets hints.
      const patch =
        tab === "integration"
          ? await divertIntegrationSecrets(database, secretBox, c.get("userId"), request)
          : request;
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
      return ok;
    },
    { maxDepth: MAX_SETTINGS_DEPTH },
  );

  return app;
}
