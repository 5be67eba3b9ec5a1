import { type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { MenuItem } from "../../ui/menu.tsx";
import { BoostDialog, TipDialog } from "./power-dialogs-on-demand.tsx";

/**
 * A feed's menu items "Tip" and "Boost" and the dialogs they open; the menu places `items`,
 * the row places `dialogs` (they outlive the closed menu).
 */
export function useFeedPowerMenu(feed: { feedId: string; title: string }, closeMenu: () => void) {
  const [open, setOpen] = useState<"tip" | "boost" | null>(null);
  const choose = (which: "tip" | "boost") => {
    closeMenu();
    setOpen(which);
  };
  // "power" loads after the first paint (LATER_NAMESPACES): only the open menu waits for it.
  const items: ReactNode = (
    <Suspense fallback={null}>
      <PowerMenuItems choose={choose} />
    </Suspense>
  );
  const dialogs: ReactNode =
    open === "tip" ? (
      <TipDialog
        target={{ kind: "feed", feedId: feed.feedId }}
        title={feed.title}
        onClose={() => setOpen(null)}
      />
    ) : open === "boost" ? (
      <BoostDialog feedId={feed.feedId} title={feed.title} onClose={() => setOpen(null)} />
    ) : null;
  return { items, dialogs };
}

function PowerMenuItems({ choose }: { choose(which: "tip" | "boost"): void }) {
  const { t } = useTranslation("power");
  return (
    <>
      <MenuItem testId="menu-tip" onSelect={() => choose("tip")}>
        {t("actions.tipFeed")}
      </MenuItem>
      <MenuItem testId="menu-boost" onSelect={() => choose("boost")}>
        {t("actions.boostFeed")}
      </MenuItem>
    </>
  );
}
