import { Schema } from "effect";

/** The settings tabs the server keeps per user (GET settings, PATCH settings/{tab}). */
export const SETTINGS_TABS = ["general", "appearance", "integration"] as const;
export type SettingsTabName = (typeof SETTINGS_TABS)[number];

export const SettingsTabParam = Schema.Struct({ tab: Schema.Literals(SETTINGS_TABS) });
export const SettingsQuery = Schema.Struct({
  tab: Schema.optional(Schema.Literals(SETTINGS_TABS)),
});

/** A tab, serialized as JSON, is at most this many bytes (a bigger PATCH is refused with 7003). */
export const MAX_SETTINGS_TAB_BYTES = 64 * 1024;

/** A tab holds at most this many settings; a key is a setting's name. */
export const MAX_SETTINGS_PER_TAB = 200;
const MAX_KEY_LENGTH = 100;

/** PATCH settings/{tab}: the changed settings, merged into what the server has. */
export const SettingsPatch = Schema.Record(Schema.String, Schema.Unknown).check(
  Schema.makeFilter((patch) => {
    const keys = Object.keys(patch);
    if (keys.length > MAX_SETTINGS_PER_TAB) return `at most ${MAX_SETTINGS_PER_TAB} settings a tab`;
    const bad = keys.find((key) => key.length === 0 || key.length > MAX_KEY_LENGTH);
    return bad === undefined || `setting names are 1 to ${MAX_KEY_LENGTH} characters`;
  }),
);

/** Something per tab, for the tabs that have one. */
const PerTab = <Value extends Schema.Top>(value: Value) =>
  Schema.Struct({
    general: Schema.optionalKey(value),
    appearance: Schema.optionalKey(value),
    integration: Schema.optionalKey(value),
  });

/** GET settings: each tab's settings and when it last changed (ISO), for tabs ever saved. */
export const SettingsResponse = Schema.Struct({
  code: Schema.Literal(0),
  settings: PerTab(Schema.Record(Schema.String, Schema.Unknown)),
  updated: PerTab(Schema.String),
});
export type SettingsResponse = typeof SettingsResponse.Type;
