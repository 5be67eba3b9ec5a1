import { useMemo } from "react";
import type { GeneralSettings } from "./general.ts";
import { setGeneralSetting, setUISetting, useGeneralSettings, useUISettings } from "./hooks.ts";
import { COLUMN_WIDTH_BOUNDS, type UISettings } from "./ui.ts";

/**
 * The settings the reader reads, from the settings stores (src/settings: general and
 * appearance, with their defaults, synced with the server by that module).
 */
type GeneralKeys =
  | "unreadOnly"
  | "groupByDate"
  | "dimRead"
  | "scrollMarkUnread"
  | "hoverMarkUnread"
  | "renderMarkUnread"
  | "jumpOutLinkWarn";
type UIKeys =
  | "feedColWidth"
  | "entryColWidth"
  | "thumbnailRatio"
  | "contentFontSize"
  | "contentLineHeight"
  | "wideMode"
  | "zenMode";

export type ReaderSettings = Pick<GeneralSettings, GeneralKeys> & Pick<UISettings, UIKeys>;

const GENERAL_KEYS: readonly GeneralKeys[] = [
  "unreadOnly",
  "groupByDate",
  "dimRead",
  "scrollMarkUnread",
  "hoverMarkUnread",
  "renderMarkUnread",
  "jumpOutLinkWarn",
];

/** The resizable columns' bounds (the settings module's, so both agree). */
export const COLUMN_BOUNDS = COLUMN_WIDTH_BOUNDS;

function isGeneral(key: keyof ReaderSettings): key is GeneralKeys {
  return (GENERAL_KEYS as readonly string[]).includes(key);
}

export function setReaderSetting<K extends keyof ReaderSettings>(key: K, value: ReaderSettings[K]) {
  if (isGeneral(key)) setGeneralSetting(key, value as GeneralSettings[typeof key]);
  else setUISetting(key as UIKeys, value as UISettings[UIKeys]);
}

export function useReaderSettings(): ReaderSettings {
  const general = useGeneralSettings();
  const ui = useUISettings();
  return useMemo(() => ({ ...general, ...ui }), [general, ui]);
}
