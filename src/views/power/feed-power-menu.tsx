import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { MenuItem } from "../../ui/menu.tsx";
import { BoostDialog } from "./boost-dialog.tsx";
import { TipDialog } from "./tip-dialog.tsx";

/**
 * A feed's menu items "Tip" and "Boost" and the dialogs they open; the menu places `items`,
 * the row places `dialogs` (they outlive the closed menu).
 */
export function useFeedPowerMenu(feed: { feedId: string; title: string }, closeMenu: () => void) {
  const { t } = useTranslation("power");
  const [open, setOpen] = useState<"tip" | "boost" | null>(null);
  const choose = (which: "tip" | "boost") => {
    closeMenu();
    setOpen(which);
  };
  const items: ReactNode = (
    <>
      <MenuItem testId="menu-tip" onSelect={() => choose("tip")}>
        {t("actions.tipFeed")}
      </MenuItem>
      <MenuItem testId="menu-boost" onSelect={() => choose("boost")}>
        {t("actions.boostFeed")}
      </MenuItem>
    </>
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
