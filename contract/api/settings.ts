import { SettingsPatch, SettingsQuery, SettingsResponse, SettingsTabParam } from "../settings.ts";
import { endpoint, Ok } from "./endpoint.ts";
import { routes } from "./info.ts";

/** Each tab's settings with when it last changed; an unknown tab is 7001. */
export const get = endpoint(routes.settings.get, {
  request: SettingsQuery,
  response: SettingsResponse,
  invalid: { request: 7001 },
});

/** Merges the changed settings into the tab: 7001 unknown tab, 7002 bad body, 7003 too big. */
export const patch = endpoint(routes.settings.patch, {
  params: SettingsTabParam,
  request: SettingsPatch,
  response: Ok,
  invalid: { params: 7001, request: 7002 },
});
