export { Modal } from "../ui/modal.tsx";
export {
  onControlEvent,
  onOpenQuickAdd,
  openCommandPalette,
  openQuickAdd,
  openShortcutsDialog,
} from "./bus.ts";
export { formatBinding, formatBindingText, sortKeyTokens } from "./format.ts";
export { GlobalShortcuts } from "./global-shortcuts.tsx";
export type { ShortcutHandler, ShortcutMatch } from "./handlers.ts";
export {
  setFocusedScope,
  type UseShortcutOptions,
  useActiveScopes,
  useShortcut,
  useShortcutScope,
} from "./hooks.ts";
export { matchKeys, parseBinding } from "./keys.ts";
export { IS_MAC } from "./platform.ts";
export {
  findShortcutAction,
  SHORTCUT_ACTIONS,
  SHORTCUT_GROUPS,
  type ShortcutActionId,
  type ShortcutGroup,
} from "./registry.ts";
export { SHORTCUT_SCOPES, type ShortcutScope } from "./scopes.ts";
export { KeyCaps, ShortcutKeys } from "./shortcut-keys.tsx";
export { ShortcutList } from "./shortcut-list.tsx";
export { ShortcutsDialog } from "./shortcuts-dialog.tsx";
