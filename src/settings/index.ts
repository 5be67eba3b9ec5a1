export type { SettingsStore, SettingsTab } from "./create-store.ts";
export { GENERAL_DEFAULTS, type GeneralSettings } from "./general.ts";
export {
  getGeneralSettings,
  getUISettings,
  setGeneralSetting,
  setUISetting,
  updateGeneralSettings,
  updateUISettings,
  useGeneralSettings,
  useUISettings,
} from "./hooks.ts";
export {
  MARK_READ_MODES,
  type MarkReadMode,
  markReadFlags,
  markReadMode,
} from "./mark-read-mode.ts";
export {
  generalSettingsStore,
  onSettingsChange,
  pendingSettingsChanges,
  uiSettingsStore,
} from "./stores.ts";
export {
  createSettingsSync,
  type QueuedSettings,
  SETTINGS_SYNC_THROTTLE_MS,
  type SettingsSync,
} from "./sync-queue.ts";
export { CONTENT_STYLE, nextColorMode, resolveColorMode } from "./theme.ts";
export {
  applyStoredTheme,
  currentColorMode,
  ThemeSync,
  useSystemPrefersDark,
} from "./theme-sync.tsx";
export {
  ACCENT_COLORS,
  type AccentColor,
  COLUMN_WIDTH_BOUNDS,
  type ColorMode,
  clampColumnWidth,
  LINE_HEIGHTS,
  type ThumbnailRatio,
  UI_DEFAULTS,
  type UISettings,
} from "./ui.ts";
