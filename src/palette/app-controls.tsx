import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { detectEnvironment } from "../platform/client-info.ts";
import { useSession } from "../session/session-context.tsx";
import { ThemeSync } from "../settings/theme-sync.tsx";
import { GlobalShortcuts } from "../shortcuts/global-shortcuts.tsx";
import { ShortcutsDialog } from "../shortcuts/shortcuts-dialog.tsx";
import { CommandPalette } from "./command-palette.tsx";

// The corner player is hidden until something plays: its chunk starts loading with the app
// (as the palette's strings do) but the first paint does not wait for it.
const CornerPlayer = lazy(() =>
  import("../player/corner-player.tsx").then((m) => ({ default: m.CornerPlayer })),
);

let mounted = 0;

/** Only the first mounted instance renders: the player must own exactly one media element. */
function useFirstInstance(): boolean {
  const [first, setFirst] = useState(false);
  useEffect(() => {
    mounted++;
    setFirst(mounted === 1);
    return () => {
      mounted--;
    };
  }, []);
  return first;
}

/**
 * What lives above every route: the theme, and for a signed-in user the keyboard shortcuts, the
 * shortcut list, the command palette and the corner player (which keeps playing across routes).
 */
export function AppControls() {
  const { i18n } = useTranslation();
  const { status } = useSession();
  const first = useFirstInstance();
  const web = detectEnvironment(window) === "web";
  const signedIn = status === "authenticated";
  if (!first) return null;
  return (
    <>
      <ThemeSync language={i18n.resolvedLanguage ?? i18n.language} />
      {signedIn ? (
        <>
          <GlobalShortcuts web={web} />
          {/* Mounted at once: the first Ctrl+K of a page load opens its stand-in field, which
              keeps every keystroke while the palette's code and strings arrive. */}
          <CommandPalette web={web} />
          {/* Their strings ("controls") load just after the start (LATER_NAMESPACES), as does the
              player's code: they mount when those are there, not holding up the page. */}
          <Suspense fallback={null}>
            <ShortcutsDialog web={web} />
            <CornerPlayer />
          </Suspense>
        </>
      ) : null}
    </>
  );
}
