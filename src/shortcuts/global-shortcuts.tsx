import { useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { PAGE_PATHS } from "../../contract/routes.ts";
import { player, usePlayer } from "../player/index.ts";
import {
  getGeneralSettings,
  getUISettings,
  setGeneralSetting,
  setUISetting,
} from "../settings/hooks.ts";
import { nextColorMode } from "../settings/theme.ts";
import { currentColorMode } from "../settings/theme-sync.tsx";
import { openCommandPalette, openQuickAdd, openShortcutsDialog } from "./bus.ts";
import { shortcutHandlers } from "./handlers.ts";
import { setFocusedScope, useShortcut } from "./hooks.ts";
import { installShortcutListener } from "./listener.ts";
import { IS_MAC } from "./platform.ts";
import { scopeStore } from "./scope-store.ts";

/**
 * The keyboard listener and the shortcuts with an app-wide meaning (global, layout,
 * theme). The reader binds its own (timeline, entry, subscription) with useShortcut; the
 * defaults here marked `fallback` (focus, unread only) give way to the reader's.
 */
export function GlobalShortcuts({ web }: { web: boolean }) {
  const navigate = useNavigate();
  const hasMedia = usePlayer((state) => state.src !== null);

  useEffect(
    () =>
      installShortcutListener(window, {
        handlers: shortcutHandlers,
        scopes: scopeStore,
        isMac: IS_MAC,
        web,
      }),
    [web],
  );

  useShortcut("global.settings", () => void navigate({ to: PAGE_PATHS.settings }));
  useShortcut("global.discover", () => void navigate({ to: PAGE_PATHS.discover }));
  useShortcut("global.quickAdd", () => openQuickAdd(), { enabled: web });
  useShortcut("global.showShortcuts", () => openShortcutsDialog());
  useShortcut("global.commandPalette", () => openCommandPalette());
  useShortcut("global.toggleCornerPlay", () => player.toggle(), { enabled: hasMedia });
  useShortcut("layout.toggleWideMode", () => setUISetting("wideMode", !getUISettings().wideMode));
  useShortcut("layout.toggleZenMode", () => setUISetting("zenMode", !getUISettings().zenMode));
  useShortcut("theme.toggleColorMode", () =>
    setUISetting("colorMode", nextColorMode(currentColorMode())),
  );
  useShortcut(
    "timeline.unreadOnly",
    () => setGeneralSetting("unreadOnly", !getGeneralSettings().unreadOnly),
    { fallback: true },
  );
  useShortcut("layout.focusSubscription", () => setFocusedScope("subscription-list"), {
    fallback: true,
  });
  useShortcut("layout.focusTimeline", () => setFocusedScope("timeline"), { fallback: true });
  useShortcut("layout.focusEntry", () => setFocusedScope("entry-render"), { fallback: true });
  return null;
}
