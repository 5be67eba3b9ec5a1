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
// The shortcut list and its dialog are imported from their own files: the dialog loads the list
// on its first opening, which a static re-export here would undo.
